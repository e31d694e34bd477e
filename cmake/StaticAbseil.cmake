# Abseil linked statically (FAIRYKIT_STATIC_ABSL, on by default).
#
# Debian's libabsl-dev installs every Abseil library twice, shared and static, but its CMake
# package imports only the shared ones. The tools then load about forty Abseil libraries
# at every start: 3 ms of a run (a --help, or a small file, takes 5.4 ms instead of 2.5 ms;
# measured on the tools of 2026-11-27). This module points each imported absl:: target at
# its static archive when that archive is installed beside the shared library, so that the
# tools carry the Abseil code they use and load nothing of Abseil at start-up. The targets'
# dependencies stay as the package declares them, so that CMake still orders the archives
# (a library before those it needs). A target without its archive is left shared.
#
# Include after find_package(absl).

option(FAIRYKIT_STATIC_ABSL "Link Abseil's static archives when they are installed" ON)

function(fairykit_static_abseil)
  if(NOT FAIRYKIT_STATIC_ABSL)
    return()
  endif()
  get_directory_property(imported IMPORTED_TARGETS)
  set(switched 0)
  foreach(target IN LISTS imported)
    if(NOT target MATCHES "^absl::")
      continue()
    endif()
    get_target_property(type ${target} TYPE)
    if(NOT type STREQUAL "SHARED_LIBRARY")
      continue()
    endif()
    get_target_property(configs ${target} IMPORTED_CONFIGURATIONS)
    if(NOT configs)
      continue()
    endif()
    foreach(config IN LISTS configs)
      get_target_property(location ${target} IMPORTED_LOCATION_${config})
      # libabsl_strings.so.20220623.0.0 -> libabsl_strings.a
      string(REGEX REPLACE "\\.so(\\.[0-9]+)*$" ".a" archive "${location}")
      if(location AND NOT archive STREQUAL location AND EXISTS "${archive}")
        set_target_properties(${target} PROPERTIES IMPORTED_LOCATION_${config} "${archive}"
                                                   IMPORTED_SONAME_${config} "")
        set_property(TARGET ${target} PROPERTY IMPORTED_NO_SONAME_${config} TRUE)
        math(EXPR switched "${switched} + 1")
      endif()
    endforeach()
  endforeach()
  message(STATUS "Abseil: ${switched} libraries linked statically (FAIRYKIT_STATIC_ABSL)")
endfunction()

fairykit_static_abseil()
