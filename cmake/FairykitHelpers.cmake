# Small helpers so that every target is built the same way.

set(FAIRYKIT_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)

include(GNUInstallDirs)

# fairykit::options, linked by every target. What the project's own code compiles with
# (fairykit_build_options: warnings, tuning, profile) stays in the build tree; an installed
# fairykit (cmake/FairykitInstall.cmake) passes on to the programs built against it only what
# they need: C++20, the include folder, the slider choice of the headers and the link options
# of the archives' objects.
add_library(fairykit_options INTERFACE)
add_library(fairykit::options ALIAS fairykit_options)
set_target_properties(fairykit_options PROPERTIES EXPORT_NAME options)
target_compile_features(fairykit_options INTERFACE cxx_std_20)
target_include_directories(fairykit_options INTERFACE $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/fairykit>)
add_library(fairykit_build_options INTERFACE)
target_link_libraries(fairykit_options INTERFACE $<BUILD_INTERFACE:fairykit_build_options>)
target_compile_options(fairykit_build_options INTERFACE ${FAIRYKIT_WARNINGS})
if(FAIRYKIT_NATIVE)
  target_compile_options(fairykit_build_options INTERFACE -march=native)
endif()
# No fused multiply-add unless the source asks for one: GCC in ISO mode contracts nothing,
# clang would, and the statistics' figures (means, expected scores) must be the same bytes
# whichever compiler built the tools (the MPI tests compare builds).
target_compile_options(fairykit_build_options INTERFACE -ffp-contract=off)
if(FAIRYKIT_SLIDERS STREQUAL "magic")
  target_compile_definitions(fairykit_build_options INTERFACE FAIRYKIT_NO_PEXT=1)
elseif(FAIRYKIT_SLIDERS STREQUAL "pext")
  target_compile_options(fairykit_build_options INTERFACE -mbmi2)
endif()
# The slider choice of the archives (rules/core/bitboard.h: PEXT when the target has BMI2 and
# FAIRYKIT_NO_PEXT is not defined), stated outright to the programs built against an installed
# fairykit: the headers inline the slider lookup, so that such a program must index the tables
# as the archives fill them, whatever -march it compiles with. FAIRYKIT_CONSUMER_FLAGS also
# go to fairykit.pc.
function(fairykit_slider_choice out)
  if(FAIRYKIT_SLIDERS STREQUAL "magic")
    set(${out} OFF PARENT_SCOPE)
  elseif(FAIRYKIT_SLIDERS STREQUAL "pext")
    set(${out} ON PARENT_SCOPE)
  else()
    include(CheckCXXSourceCompiles)
    if(FAIRYKIT_NATIVE)
      set(CMAKE_REQUIRED_FLAGS -march=native)
    endif()
    set(CMAKE_REQUIRED_QUIET ON)
    # Asked again at every configure: the answer follows the compiler and its flags.
    unset(FAIRYKIT_TARGET_HAS_BMI2 CACHE)
    check_cxx_source_compiles("#ifndef __BMI2__\n#error no BMI2\n#endif\nint main() { return 0; }"
                              FAIRYKIT_TARGET_HAS_BMI2)
    set(${out} ${FAIRYKIT_TARGET_HAS_BMI2} PARENT_SCOPE)
  endif()
endfunction()
fairykit_slider_choice(FAIRYKIT_USES_PEXT)
if(FAIRYKIT_USES_PEXT)
  message(STATUS "Slider attacks: PEXT (FAIRYKIT_SLIDERS=${FAIRYKIT_SLIDERS})")
  set(FAIRYKIT_CONSUMER_FLAGS -mbmi2)
else()
  message(STATUS "Slider attacks: magic multiplication (FAIRYKIT_SLIDERS=${FAIRYKIT_SLIDERS})")
  set(FAIRYKIT_CONSUMER_FLAGS -DFAIRYKIT_NO_PEXT=1)
endif()
target_compile_options(fairykit_options INTERFACE
                       "$<INSTALL_INTERFACE:${FAIRYKIT_CONSUMER_FLAGS}>")
# Profile-guided optimisation: "generate" builds instrumented programs that write their
# profile to FAIRYKIT_PGO_DIR, "use" builds with that profile. cmake/bootstrap.sh
# (./run.sh, ./test.sh) runs both stages: build/pgo-gen, cmake/pgo-train.sh, then build/.
# Clang: raw profiles FAIRYKIT_PGO_DIR/<pid>.profraw, which bootstrap.sh merges into
# FAIRYKIT_PGO_DIR/fairykit.profdata (llvm-profdata) for the "use" stage.
# GCC: -fprofile-prefix-path makes the profile's file names relative to the build folder,
# so that the two stages may build in different folders.
# The compile options of both stages go to fairykit_pgo, which the libraries, the tools and
# the bench programs link, not to fairykit_build_options: the test programs compile without
# the profile (their speed is not what the profile is for), so that cmake/bootstrap.sh can
# compile them while the profile is still being made.
add_library(fairykit_pgo INTERFACE)
if(FAIRYKIT_PGO STREQUAL "generate" AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  target_compile_options(fairykit_pgo INTERFACE
                         -fprofile-instr-generate=${FAIRYKIT_PGO_DIR}/%p.profraw)
  target_link_options(fairykit_options INTERFACE
                      -fprofile-instr-generate=${FAIRYKIT_PGO_DIR}/%p.profraw)
elseif(FAIRYKIT_PGO STREQUAL "use" AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  # Code the training never ran (most of fairy-convert) is optimised as without
  # a profile, without a warning per file; a function edited after the training loses its
  # profile (the next cmake/bootstrap.sh trains again).
  target_compile_options(fairykit_pgo INTERFACE
                         -fprofile-instr-use=${FAIRYKIT_PGO_DIR}/fairykit.profdata
                         -Wno-profile-instr-unprofiled -Wno-profile-instr-out-of-date
                         -Wno-profile-instr-missing)
elseif(FAIRYKIT_PGO STREQUAL "generate")
  target_compile_options(fairykit_pgo INTERFACE -fprofile-generate=${FAIRYKIT_PGO_DIR}
                         -fprofile-prefix-path=${CMAKE_BINARY_DIR} -fprofile-update=prefer-atomic)
  target_link_options(fairykit_options INTERFACE -fprofile-generate=${FAIRYKIT_PGO_DIR})
elseif(FAIRYKIT_PGO STREQUAL "use")
  # Code the training never ran (most of fairy-convert) is optimised as without
  # a profile (-fprofile-partial-training), without a warning per file. A source edited
  # after the training no longer matches its profile: GCC then drops the profile of the
  # functions that changed, silently here (the next cmake/bootstrap.sh trains again).
  target_compile_options(fairykit_pgo INTERFACE -fprofile-use=${FAIRYKIT_PGO_DIR}
                         -fprofile-prefix-path=${CMAKE_BINARY_DIR} -fprofile-partial-training
                         -Wno-missing-profile -Wno-coverage-mismatch)
elseif(NOT FAIRYKIT_PGO STREQUAL "off")
  message(FATAL_ERROR "FAIRYKIT_PGO must be off, generate or use (not '${FAIRYKIT_PGO}')")
endif()
if(FAIRYKIT_SANITIZE)
  # Undefined behaviour stops the program (a report alone would let a test pass).
  target_compile_options(fairykit_build_options INTERFACE -fsanitize=${FAIRYKIT_SANITIZERS}
                         -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(fairykit_options INTERFACE -fsanitize=${FAIRYKIT_SANITIZERS}
                      -fno-sanitize-recover=all)
endif()
if(FAIRYKIT_FUZZ)
  # Coverage for libFuzzer in every library; the fuzz targets link its driver.
  target_compile_options(fairykit_build_options INTERFACE -fsanitize=fuzzer-no-link)
endif()

# fairykit_library(NAME SOURCES... [DEPS...] [PRIVATE_DEPS...]): the static library
# fairykit_NAME, alias fairykit::NAME. DEPS are what its headers need (PUBLIC), PRIVATE_DEPS
# what only its sources need.
function(fairykit_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(fairykit_${name} STATIC ${ARG_SOURCES})
  add_library(fairykit::${name} ALIAS fairykit_${name})
  # Installed as fairykit::NAME too (cmake/FairykitInstall.cmake).
  set_target_properties(fairykit_${name} PROPERTIES EXPORT_NAME ${name})
  target_link_libraries(fairykit_${name} PUBLIC fairykit::options ${ARG_DEPS})
  target_link_libraries(fairykit_${name} PRIVATE $<BUILD_INTERFACE:fairykit_pgo>)
  if(ARG_PRIVATE_DEPS)
    target_link_libraries(fairykit_${name} PRIVATE ${ARG_PRIVATE_DEPS})
  endif()
  set_property(GLOBAL APPEND PROPERTY FAIRYKIT_LIBRARIES fairykit_${name})
  # What fairykit_pic_library() compiles again.
  set(sources "")
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND sources "${source}")
  endforeach()
  set_target_properties(fairykit_${name} PROPERTIES FAIRYKIT_SOURCES "${sources}"
                        FAIRYKIT_DEPS "${ARG_DEPS}" FAIRYKIT_PRIVATE_DEPS "${ARG_PRIVATE_DEPS}")
endfunction()

# fairykit_pic_deps(OUT DEPS...): DEPS with fairykit's libraries replaced by their
# position-independent copies (fairykit_pic_library) and Abseil's by its shared libraries
# (fairykit_shared_abseil, cmake/StaticAbseil.cmake).
function(fairykit_pic_deps out)
  set(mapped "")
  foreach(dep IN LISTS ARGN)
    set(library "")
    if(dep MATCHES "^fairykit::(.+)$")
      set(library ${CMAKE_MATCH_1})
    endif()
    if(library AND TARGET fairykit_${library})
      get_target_property(sources fairykit_${library} FAIRYKIT_SOURCES)
      if(sources)
        fairykit_pic_library(${library} dep)
      endif()
    elseif(dep MATCHES "^absl::" AND TARGET ${dep})
      fairykit_shared_abseil(${dep} dep)
    endif()
    list(APPEND mapped "${dep}")
  endforeach()
  set(${out} "${mapped}" PARENT_SCOPE)
endfunction()

# fairykit_pic_library(NAME OUT): OUT is set to fairykit_NAME_pic, fairykit_NAME compiled
# again as position-independent code, for a shared object (the Python module). The tools'
# libraries stay as they are: compiled for programs (Debian's clang defaults to -fPIE), which
# a shared object cannot hold, and position-independent code would cost the tools speed.
function(fairykit_pic_library name out)
  set(pic fairykit_${name}_pic)
  if(NOT TARGET ${pic})
    get_target_property(sources fairykit_${name} FAIRYKIT_SOURCES)
    get_target_property(deps fairykit_${name} FAIRYKIT_DEPS)
    get_target_property(private_deps fairykit_${name} FAIRYKIT_PRIVATE_DEPS)
    add_library(${pic} STATIC EXCLUDE_FROM_ALL ${sources})
    set_target_properties(${pic} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    fairykit_pic_deps(deps ${deps})
    fairykit_pic_deps(private_deps ${private_deps})
    target_link_libraries(${pic} PUBLIC fairykit::options ${deps})
    if(private_deps)
      target_link_libraries(${pic} PRIVATE ${private_deps})
    endif()
  endif()
  set(${out} ${pic} PARENT_SCOPE)
endfunction()

# fairykit_tool(NAME SOURCES... DEPS...): an executable in build/bin.
function(fairykit_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE fairykit::options fairykit_pgo ${ARG_DEPS})
  install(TARGETS ${name} RUNTIME DESTINATION bin)
endfunction()
