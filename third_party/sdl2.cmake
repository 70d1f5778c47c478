# Finds SDL2, SDL2_mixer and SDL2_image and provides one interface target, gomoku_sdl2, that links
# all three. Tries each package's CMake config first (target names differ between distributions
# and vcpkg), then pkg-config. Nothing is vendored.

find_package(PkgConfig QUIET)

# _gomoku_pick_target(<out-var> <candidate targets...>): first candidate that exists.
function(_gomoku_pick_target out)
  foreach(_t IN LISTS ARGN)
    if(TARGET ${_t})
      set(${out} ${_t} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# _gomoku_find_sdl_part(<out-var> <cmake package> <pkg-config module> <apt> <dnf> <brew> <targets...>)
function(_gomoku_find_sdl_part out package pcmodule apt dnf brew)
  find_package(${package} CONFIG QUIET)
  _gomoku_pick_target(_target ${ARGN})
  if(NOT _target AND PkgConfig_FOUND)
    pkg_check_modules(GOMOKU_PC_${package} QUIET IMPORTED_TARGET GLOBAL ${pcmodule})
    if(TARGET PkgConfig::GOMOKU_PC_${package})
      set(_target PkgConfig::GOMOKU_PC_${package})
    endif()
  endif()
  if(NOT _target)
    message(FATAL_ERROR
      "${package} was not found (needed by the GUI; configure with -DGOMOKU_BUILD_GUI=OFF to skip it).\n"
      "  Debian/Ubuntu: sudo apt-get install ${apt}\n"
      "  Fedora:        sudo dnf install ${dnf}\n"
      "  macOS:         brew install ${brew}\n"
      "or run scripts/install-deps.sh.")
  endif()
  message(STATUS "${package}: ${_target}")
  set(${out} ${_target} PARENT_SCOPE)
endfunction()

_gomoku_find_sdl_part(GOMOKU_SDL2_TARGET SDL2 sdl2
  libsdl2-dev SDL2-devel sdl2
  SDL2::SDL2 SDL2::SDL2-static)
_gomoku_find_sdl_part(GOMOKU_SDL2_MIXER_TARGET SDL2_mixer SDL2_mixer
  libsdl2-mixer-dev SDL2_mixer-devel sdl2_mixer
  SDL2_mixer::SDL2_mixer SDL2_mixer::SDL2_mixer-static SDL2::SDL2_mixer SDL2::mixer)
_gomoku_find_sdl_part(GOMOKU_SDL2_IMAGE_TARGET SDL2_image SDL2_image
  libsdl2-image-dev SDL2_image-devel sdl2_image
  SDL2_image::SDL2_image SDL2_image::SDL2_image-static SDL2::SDL2_image SDL2::image)

add_library(gomoku_sdl2 INTERFACE)
target_link_libraries(gomoku_sdl2 INTERFACE
  ${GOMOKU_SDL2_MIXER_TARGET} ${GOMOKU_SDL2_IMAGE_TARGET} ${GOMOKU_SDL2_TARGET})
if(WIN32 AND TARGET SDL2::SDL2main)
  target_link_libraries(gomoku_sdl2 INTERFACE SDL2::SDL2main)
endif()
