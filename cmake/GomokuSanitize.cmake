# GOMOKU_SANITIZE: add -fsanitize flags to every target of the build.
# Accepts "", "address", "thread", "undefined", or a comma/semicolon list ("address,undefined").

if(NOT GOMOKU_SANITIZE)
  return()
endif()

string(REPLACE "," ";" _gomoku_san_list "${GOMOKU_SANITIZE}")
list(TRANSFORM _gomoku_san_list STRIP)
list(REMOVE_DUPLICATES _gomoku_san_list)
foreach(_san IN LISTS _gomoku_san_list)
  if(NOT _san MATCHES "^(address|thread|undefined)$")
    message(FATAL_ERROR "GOMOKU_SANITIZE: unknown sanitizer '${_san}' (use address, thread, undefined)")
  endif()
endforeach()
if("thread" IN_LIST _gomoku_san_list AND "address" IN_LIST _gomoku_san_list)
  message(FATAL_ERROR "GOMOKU_SANITIZE: address and thread cannot be combined")
endif()
if(MSVC)
  if(NOT _gomoku_san_list STREQUAL "address")
    message(FATAL_ERROR "GOMOKU_SANITIZE: MSVC supports only 'address'")
  endif()
  add_compile_options(/fsanitize=address)
  return()
endif()

list(JOIN _gomoku_san_list "," _gomoku_san_flags)
message(STATUS "Sanitizers: ${_gomoku_san_flags}")
add_compile_options(-fsanitize=${_gomoku_san_flags} -fno-omit-frame-pointer -g)
add_link_options(-fsanitize=${_gomoku_san_flags})
if("undefined" IN_LIST _gomoku_san_list)
  # Make UB reports fail the test that triggered them instead of scrolling past.
  add_compile_options(-fno-sanitize-recover=undefined)
endif()
