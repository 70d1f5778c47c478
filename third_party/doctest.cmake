# Finds doctest and provides doctest::doctest (header-only). Sets GOMOKU_HAVE_DOCTEST_CMAKE when
# the doctest_discover_tests() helper from doctest's CMake package is available.
# Nothing is vendored: install doctest (Debian/Ubuntu: doctest-dev).

set(GOMOKU_HAVE_DOCTEST_CMAKE OFF)

find_package(doctest CONFIG QUIET)
if(TARGET doctest::doctest)
  # doctest's package config puts its own directory on CMAKE_MODULE_PATH.
  include(doctest OPTIONAL RESULT_VARIABLE _gomoku_doctest_module)
  if(_gomoku_doctest_module)
    set(GOMOKU_HAVE_DOCTEST_CMAKE ON)
  endif()
  message(STATUS "doctest: CMake package (${doctest_DIR})")
  return()
endif()

find_path(GOMOKU_DOCTEST_INCLUDE_DIR doctest/doctest.h)
if(GOMOKU_DOCTEST_INCLUDE_DIR)
  add_library(doctest::doctest INTERFACE IMPORTED)
  set_target_properties(doctest::doctest PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${GOMOKU_DOCTEST_INCLUDE_DIR}")
  message(STATUS "doctest: header ${GOMOKU_DOCTEST_INCLUDE_DIR}/doctest/doctest.h")
  return()
endif()

message(FATAL_ERROR
  "doctest (C++ test framework) was not found.\n"
  "  Debian/Ubuntu: sudo apt-get install doctest-dev\n"
  "  Fedora:        sudo dnf install doctest-devel\n"
  "  macOS:         brew install doctest\n"
  "  vcpkg:         vcpkg install doctest\n"
  "or point CMAKE_PREFIX_PATH at an installed doctest.")
