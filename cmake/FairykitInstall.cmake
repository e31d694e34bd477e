# What `cmake --install` puts beside the tools, for programs built against fairykit: the
# headers of the library layers, their static archives, a CMake package (find_package(fairykit)
# gives the imported targets fairykit::parsers, fairykit::rules, the sub-libraries of analysis/
# (fairykit::io, ::batch, ::engine, ::perft, ::checking, ::formats, ::statistics) and fairykit::analysis,
# all of them) and a pkg-config file. Both are relocatable: they find the prefix from where they are installed,
# so that `cmake --install build --prefix DIR` works for any DIR.
#
# Include after the library layers are defined.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Headers under include/fairykit/, so that a program writes the includes the project's own
# code writes ("rules/game/game.h", "parsers/fen.h", "analysis/perft/perft.h") without
# top-level folders named rules/ or parsers/ in the prefix. Every header of a layer folder is public: a header
# moved or added within a layer is installed without a change here.
foreach(layer parsers rules analysis)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${layer}/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fairykit/${layer}
          FILES_MATCHING PATTERN "*.h")
endforeach()

set(FAIRYKIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fairykit)
get_property(FAIRYKIT_LIBRARIES GLOBAL PROPERTY FAIRYKIT_LIBRARIES)
install(TARGETS fairykit_options ${FAIRYKIT_LIBRARIES} fairykit_analysis
        EXPORT fairykitTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT fairykitTargets NAMESPACE fairykit:: DESTINATION ${FAIRYKIT_CMAKE_DIR})

# zstd as parsers/CMakeLists.txt found it: its CMake package, else pkg-config's libzstd.
if(FAIRYKIT_ZSTD STREQUAL "PkgConfig::ZSTD")
  set(FAIRYKIT_FIND_ZSTD [=[
find_dependency(PkgConfig)
pkg_check_modules(ZSTD QUIET IMPORTED_TARGET libzstd)
if(NOT ZSTD_FOUND)
  set(fairykit_FOUND FALSE)
  set(fairykit_NOT_FOUND_MESSAGE "fairykit needs libzstd (pkg-config libzstd found nothing)")
  return()
endif()]=])
else()
  set(FAIRYKIT_FIND_ZSTD "find_dependency(zstd CONFIG)")
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fairykitConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/fairykitConfig.cmake
                              INSTALL_DESTINATION ${FAIRYKIT_CMAKE_DIR})
# 0.x: a minor version may change the interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fairykitConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/fairykitConfig.cmake
              ${PROJECT_BINARY_DIR}/fairykitConfigVersion.cmake
        DESTINATION ${FAIRYKIT_CMAKE_DIR})

# fairykit.pc: the archives are static, so that everything they need is in Libs and Requires
# (not Libs.private): pkg-config --libs fairykit links a program without --static. The
# prefix is found from the file's own folder (${pcfiledir}).
file(RELATIVE_PATH FAIRYKIT_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" FAIRYKIT_PC_TO_PREFIX "${FAIRYKIT_PC_TO_PREFIX}")
list(JOIN FAIRYKIT_CONSUMER_FLAGS " " FAIRYKIT_PC_CFLAGS)
# Every archive, each before those it needs: the libraries are defined after their
# dependencies, so that the reverse order of their definition is a link order.
set(FAIRYKIT_PC_ARCHIVES ${FAIRYKIT_LIBRARIES})
list(REVERSE FAIRYKIT_PC_ARCHIVES)
list(TRANSFORM FAIRYKIT_PC_ARCHIVES PREPEND -l)
list(JOIN FAIRYKIT_PC_ARCHIVES " " FAIRYKIT_PC_ARCHIVES)
# The OpenMP runtime of the compiler that built the archives (clang: -fopenmp=libomp), then
# the link options of fairykit::options (sanitizer runtimes, profile instrumentation).
get_target_property(FAIRYKIT_PC_LIBS fairykit_options INTERFACE_LINK_OPTIONS)
if(NOT FAIRYKIT_PC_LIBS)
  set(FAIRYKIT_PC_LIBS "")
endif()
list(PREPEND FAIRYKIT_PC_LIBS ${OpenMP_CXX_FLAGS})
list(JOIN FAIRYKIT_PC_LIBS " " FAIRYKIT_PC_LIBS)
configure_file(${PROJECT_SOURCE_DIR}/cmake/fairykit.pc.in ${PROJECT_BINARY_DIR}/fairykit.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/fairykit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
