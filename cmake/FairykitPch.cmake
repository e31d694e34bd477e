# Precompiled headers (FAIRYKIT_PCH, on by default): the headers that most sources of a
# target include, parsed once per target instead of once per source. Nearly every source of
# rules/ and analysis/ reaches the rules core (Position<V>, the move generator, the game
# facade) and Abseil's Status: parsing them is a third to a half of a source's compile time.
#
# The libraries' objects are the same bytes with and without them (the profile-guided build
# and the tools' speed rest on that), except in the sources marked below, where the headers
# parsed in another order or a header the source does not include (<iostream>'s static
# initialiser) changed the code: those, parsers/ (Boost.Spirit and Abseil's formatting,
# which no header shares with all its sources), and the targets of one or two sources
# compile without. The test programs take more headers: their code is not measured.
#
# Include after the libraries, the tools and the tests are defined.

option(FAIRYKIT_PCH "Precompile the headers that most sources of a target include" ON)

# fairykit_precompile(TARGET HEADERS...): quoted project headers ("rules/core/position.h")
# or system headers (<gtest/gtest.h>).
function(fairykit_precompile target)
  if(NOT FAIRYKIT_PCH OR NOT TARGET ${target})
    return()
  endif()
  set(headers "")
  foreach(header IN LISTS ARGN)
    if(header MATCHES "^<")
      list(APPEND headers "${header}")
    else()
      list(APPEND headers "${PROJECT_SOURCE_DIR}/${header}")
    endif()
  endforeach()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

set(FAIRYKIT_PCH_BASE <string> <string_view> <vector> <absl/status/statusor.h>
    <absl/strings/str_cat.h>)
# The game facade over every variant: what the analysis libraries build on.
set(FAIRYKIT_PCH_GAME ${FAIRYKIT_PCH_BASE} rules/game/any_game.h rules/game/registry.h
    rules/notation/san.h rules/notation/fen.h rules/notation/cwda_fen.h)

fairykit_precompile(fairykit_rules ${FAIRYKIT_PCH_BASE} rules/core/movegen.h)
foreach(library engine perft checking formats statistics)
  fairykit_precompile(fairykit_${library} ${FAIRYKIT_PCH_GAME})
endforeach()
# The Python module's copies of them (python/CMakeLists.txt), when it is built.
fairykit_precompile(fairykit_rules_pic ${FAIRYKIT_PCH_BASE} rules/core/movegen.h)
foreach(library engine perft checking formats)
  fairykit_precompile(fairykit_${library}_pic ${FAIRYKIT_PCH_GAME})
endforeach()
set_source_files_properties(
  ${PROJECT_SOURCE_DIR}/rules/core/bitboard.cpp ${PROJECT_SOURCE_DIR}/rules/notation/fen.cpp
  TARGET_DIRECTORY fairykit_rules PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
set_source_files_properties(
  ${PROJECT_SOURCE_DIR}/analysis/formats/vchess_record.cpp
  TARGET_DIRECTORY fairykit_formats PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
set_source_files_properties(${PROJECT_BINARY_DIR}/analysis/openings_data.cpp
  TARGET_DIRECTORY fairykit_statistics PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
set_source_files_properties(${PROJECT_BINARY_DIR}/analysis/engine_variants_data.cpp
  TARGET_DIRECTORY fairykit_statistics PROPERTIES SKIP_PRECOMPILE_HEADERS ON)

# The test programs: GoogleTest and the layer's heavy headers.
fairykit_precompile(parsers_tests <gtest/gtest.h> ${FAIRYKIT_PCH_BASE} parsers/input.h
                    parsers/pgn.h)
fairykit_precompile(rules_tests <gtest/gtest.h> ${FAIRYKIT_PCH_GAME} rules/notation/uci.h)
fairykit_precompile(analysis_tests <gtest/gtest.h> ${FAIRYKIT_PCH_GAME}
                    analysis/perft/perft.h analysis/perft/suite.h
                    analysis/checking/validate.h)
fairykit_precompile(tools_tests <gtest/gtest.h> ${FAIRYKIT_PCH_BASE} <filesystem> <fstream>
                    tests/tools/run_tool.h)
