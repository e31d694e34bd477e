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
        get_target_property(soname ${target} IMPORTED_SONAME_${config})
        # Kept for fairykit_shared_abseil().
        set_target_properties(${target} PROPERTIES FAIRYKIT_SHARED_LOCATION_${config} "${location}"
                                                   FAIRYKIT_SHARED_SONAME_${config} "${soname}")
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

# fairykit_shared_abseil(TARGET OUT): OUT is set to a twin of the Abseil target TARGET that
# links Abseil's shared libraries, whether or not TARGET was switched to its archive above,
# with its dependencies' twins. For the Python module: a shared object cannot hold Debian's
# archives, some of whose objects use the thread-local storage model of programs
# (R_X86_64_TPOFF32 in libabsl_base.a, libabsl_raw_hash_set.a, ...).
function(fairykit_shared_abseil target out)
  string(REPLACE "absl::" "fairykit_shared_absl_" twin "${target}")
  if(NOT TARGET ${twin})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "SHARED_LIBRARY")
      add_library(${twin} SHARED IMPORTED)
      get_target_property(configs ${target} IMPORTED_CONFIGURATIONS)
      set_target_properties(${twin} PROPERTIES IMPORTED_CONFIGURATIONS "${configs}")
      foreach(config IN LISTS configs)
        get_target_property(location ${target} FAIRYKIT_SHARED_LOCATION_${config})
        get_target_property(soname ${target} FAIRYKIT_SHARED_SONAME_${config})
        if(NOT location)
          get_target_property(location ${target} IMPORTED_LOCATION_${config})
          get_target_property(soname ${target} IMPORTED_SONAME_${config})
        endif()
        set_target_properties(${twin} PROPERTIES IMPORTED_LOCATION_${config} "${location}")
        if(soname)
          set_target_properties(${twin} PROPERTIES IMPORTED_SONAME_${config} "${soname}")
        endif()
      endforeach()
    else()
      add_library(${twin} INTERFACE IMPORTED)
    endif()
    foreach(property INTERFACE_INCLUDE_DIRECTORIES INTERFACE_SYSTEM_INCLUDE_DIRECTORIES
                     INTERFACE_COMPILE_DEFINITIONS INTERFACE_COMPILE_OPTIONS
                     INTERFACE_COMPILE_FEATURES INTERFACE_LINK_OPTIONS)
      get_target_property(value ${target} ${property})
      if(value)
        set_property(TARGET ${twin} PROPERTY ${property} "${value}")
      endif()
    endforeach()
    get_target_property(links ${target} INTERFACE_LINK_LIBRARIES)
    set(mapped "")
    foreach(link IN LISTS links)
      if(link MATCHES "^absl::" AND TARGET ${link})
        fairykit_shared_abseil(${link} link)
      endif()
      list(APPEND mapped "${link}")
    endforeach()
    if(links)
      set_property(TARGET ${twin} PROPERTY INTERFACE_LINK_LIBRARIES "${mapped}")
    endif()
  endif()
  set(${out} ${twin} PARENT_SCOPE)
endfunction()
