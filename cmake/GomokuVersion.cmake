# gomoku_version: an interface target whose users can #include "gomoku/version.h" (kVersion,
# generated from project(VERSION) so that every program shows the same version).
set(GOMOKU_GENERATED_DIR ${PROJECT_BINARY_DIR}/generated)
configure_file(${CMAKE_CURRENT_LIST_DIR}/version.h.in ${GOMOKU_GENERATED_DIR}/gomoku/version.h @ONLY)
add_library(gomoku_version INTERFACE)
target_include_directories(gomoku_version INTERFACE ${GOMOKU_GENERATED_DIR})
