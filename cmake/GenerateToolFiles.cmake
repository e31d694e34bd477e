# Writes the shell completions and the man page of a tool, made by the tool itself from its
# flag table (TOOL --generate FORMAT): BINARY_DIR/completions/NAME.bash, _NAME, NAME.fish and
# BINARY_DIR/man/NAME.1. A file is replaced only when the tool succeeded.
# cmake -DTOOL=path -DNAME=name -DBINARY_DIR=dir -P GenerateToolFiles.cmake
foreach(pair "bash;completions/${NAME}.bash" "zsh;completions/_${NAME}"
        "fish;completions/${NAME}.fish" "man;man/${NAME}.1")
  list(GET pair 0 format)
  list(GET pair 1 file)
  set(out "${BINARY_DIR}/${file}")
  get_filename_component(dir "${out}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  execute_process(COMMAND "${TOOL}" --generate ${format} OUTPUT_FILE "${out}.tmp"
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    file(REMOVE "${out}.tmp")
    message(FATAL_ERROR "${TOOL} --generate ${format} failed: ${status}")
  endif()
  file(RENAME "${out}.tmp" "${out}")
endforeach()
