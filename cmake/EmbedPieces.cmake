# Shared by EmbedText.cmake and EmbedOpenings.cmake: `text` as C++ raw string literals of at
# most `piece` bytes each, cut after the last line end of a piece (never inside a UTF-8
# sequence; ISO C++ compilers need only accept 65,536 bytes a literal, -Wpedantic says so),
# one literal a line after `indent`, appended to the variable named by `out`. The caller has
# checked that the text does not hold the delimiter `)delim"`.
function(fairykit_embed_pieces text piece delim indent out)
  set(src "${${out}}")
  string(LENGTH "${text}" length)
  set(offset 0)
  while(offset LESS length)
    string(SUBSTRING "${text}" ${offset} ${piece} chunk)
    string(LENGTH "${chunk}" size)
    math(EXPR end "${offset} + ${size}")
    if(end LESS length)
      string(FIND "${chunk}" "\n" last REVERSE)
      if(NOT last EQUAL -1)
        math(EXPR size "${last} + 1")
        string(SUBSTRING "${text}" ${offset} ${size} chunk)
      endif()
    endif()
    string(APPEND src "${indent}R\"${delim}(${chunk})${delim}\",\n")
    math(EXPR offset "${offset} + ${size}")
  endwhile()
  set(${out} "${src}" PARENT_SCOPE)
endfunction()
