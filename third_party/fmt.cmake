# Finds fmt and provides fmt::fmt: the programs format their output lines and tables with it
# (gomoku-match's report, gomoku-bench's tables, the GUI's status lines). Nothing is vendored:
# install fmt (Debian/Ubuntu: libfmt-dev; Fedora: fmt-devel; Homebrew: fmt; vcpkg: fmt).
# The library is linked as a shared library where the system has one (Debian: libfmt9), which
# the Debian package's dependencies pick up through dpkg-shlibdeps.

find_package(fmt CONFIG QUIET)
if(NOT TARGET fmt::fmt)
  message(FATAL_ERROR
    "fmt was not found. Install it (Debian/Ubuntu: 'apt-get install libfmt-dev', or run "
    "scripts/install-deps.sh), or point CMAKE_PREFIX_PATH at an fmt installation.")
endif()
message(STATUS "fmt: ${fmt_VERSION} (${fmt_DIR})")
