# embed_text.cmake - compile one text file into a C string `const char NAME[]`.
# Run as: cmake -DSRC=<file> -DOUT=<file.c> -DNAME=<symbol> -P embed_text.cmake
file(READ "${SRC}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}.new" "/* generated from ${SRC} by cmake/embed_text.cmake */\nconst char ${NAME}[] = {${bytes}0x00};\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.new" "${OUT}")
