# Finds Dear ImGui (1.86 API) and provides imgui::imgui: the ImGui core, the SDL2 platform backend
# and the SDL_Renderer backend. Include it after third_party/sdl2.cmake (needs GOMOKU_SDL2_TARGET).
# Headers are used as <imgui.h>, <imgui_impl_sdl.h>, <imgui_impl_sdlrenderer.h>, <imgui_stdlib.h>.
#
# Where ImGui comes from, in order:
#   1. IMGUI_DIR: a source checkout (tag v1.86 layout: backends/imgui_impl_sdl.cpp and
#      backends/imgui_impl_sdlrenderer.cpp); everything is compiled from there.
#   2. An imgui CMake package (vcpkg, Conan) whose imgui::imgui already carries the 1.86-style
#      SDL2 and SDL_Renderer backends; used as is.
#   3. The system library (Debian/Ubuntu libimgui-dev 1.86): libimgui + headers in include/imgui.
#      Debian ships the SDL_Renderer backend only as source under
#      /usr/share/doc/libimgui-dev/examples/backends/ (possibly gzipped); it is compiled here.
#   4. With GOMOKU_FETCH_DEPS=ON: the pinned v1.86 release is downloaded at configure time.
# Nothing is vendored in the repository.

set(IMGUI_DIR "" CACHE PATH "Dear ImGui source checkout (v1.86) to build instead of the system library")

set(_gomoku_imgui_min_version 18600)

# Builds gomoku_imgui from a full source tree.
function(_gomoku_imgui_from_source dir origin)
  set(_needed imgui.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp imgui_demo.cpp
              backends/imgui_impl_sdl.cpp backends/imgui_impl_sdlrenderer.cpp)
  foreach(_f IN LISTS _needed)
    if(NOT EXISTS "${dir}/${_f}")
      set(_why "")
      if(EXISTS "${dir}/backends/imgui_impl_sdl2.cpp")
        string(CONCAT _why " This checkout is newer than the 1.86 API the program is written"
               " against (backends renamed to imgui_impl_sdl2/imgui_impl_sdlrenderer2);"
               " check out tag v1.86.")
      endif()
      message(FATAL_ERROR "Dear ImGui (${origin}): ${dir}/${_f} is missing.${_why}\n"
        "Point IMGUI_DIR at a checkout of https://github.com/ocornut/imgui at tag v1.86, "
        "or install the system package: sudo apt-get install libimgui-dev")
    endif()
  endforeach()
  set(_sources)
  foreach(_f IN LISTS _needed)
    list(APPEND _sources "${dir}/${_f}")
  endforeach()
  set(_includes "${dir}" "${dir}/backends")
  if(EXISTS "${dir}/misc/cpp/imgui_stdlib.cpp")
    list(APPEND _sources "${dir}/misc/cpp/imgui_stdlib.cpp")
    list(APPEND _includes "${dir}/misc/cpp")
  endif()
  add_library(gomoku_imgui STATIC ${_sources})
  target_include_directories(gomoku_imgui SYSTEM PUBLIC ${_includes})
  target_link_libraries(gomoku_imgui PUBLIC ${GOMOKU_SDL2_TARGET})
  set_target_properties(gomoku_imgui PROPERTIES POSITION_INDEPENDENT_CODE ON)
  message(STATUS "Dear ImGui: compiled from ${origin} (${dir})")
endfunction()

# Makes a backend source usable: a plain .cpp is used in place, a .cpp.gz is unpacked into the
# build tree. Result path in <out>.
function(_gomoku_unpack_source out src)
  if(NOT src MATCHES "\\.gz$")
    set(${out} "${src}" PARENT_SCOPE)
    return()
  endif()
  get_filename_component(_name "${src}" NAME)
  string(REGEX REPLACE "\\.gz$" "" _name "${_name}")
  set(_dest "${CMAKE_BINARY_DIR}/third_party/imgui/${_name}")
  if(NOT EXISTS "${_dest}" OR "${src}" IS_NEWER_THAN "${_dest}")
    find_program(GOMOKU_GZIP_EXECUTABLE gzip)
    if(NOT GOMOKU_GZIP_EXECUTABLE)
      message(FATAL_ERROR "gzip is needed to unpack ${src} (sudo apt-get install gzip)")
    endif()
    file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/third_party/imgui")
    execute_process(COMMAND "${GOMOKU_GZIP_EXECUTABLE}" -dc "${src}"
                    OUTPUT_FILE "${_dest}" RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
      file(REMOVE "${_dest}")
      message(FATAL_ERROR "Could not unpack ${src} (gzip exit code ${_rc})")
    endif()
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${src}")
  set(${out} "${_dest}" PARENT_SCOPE)
endfunction()

# Tries an imgui CMake package config (vcpkg: imgui[sdl2-binding,sdl2-renderer-binding]). Sets
# <found> to TRUE and creates gomoku_imgui when its imgui::imgui has the 1.86-style backends.
function(_gomoku_imgui_from_package found why)
  set(${found} FALSE PARENT_SCOPE)
  find_package(imgui CONFIG QUIET)
  if(NOT TARGET imgui::imgui)
    set(${why} "no imgui CMake package" PARENT_SCOPE)
    return()
  endif()
  include(CheckCXXSourceCompiles)
  include(CMakePushCheckState)
  cmake_push_check_state(RESET)
  set(CMAKE_REQUIRED_QUIET ON)
  set(CMAKE_REQUIRED_LIBRARIES imgui::imgui)
  check_cxx_source_compiles([[
    #include <imgui.h>
    #include <imgui_impl_sdl.h>
    #include <imgui_impl_sdlrenderer.h>
    static_assert(IMGUI_VERSION_NUM >= 18600);
    int main(int argc, char**) {
      if (argc > 5) { ImGui_ImplSDL2_InitForSDLRenderer(nullptr); ImGui_ImplSDLRenderer_Init(nullptr); }
      return 0;
    }
  ]] GOMOKU_IMGUI_PACKAGE_USABLE)
  cmake_pop_check_state()
  if(NOT GOMOKU_IMGUI_PACKAGE_USABLE)
    set(${why} "the imgui CMake package in ${imgui_DIR} lacks the 1.86-style SDL2/SDL_Renderer backends (imgui_impl_sdl.h, imgui_impl_sdlrenderer.h); reconfigure with -DCMAKE_DISABLE_FIND_PACKAGE_imgui=ON plus -DIMGUI_DIR=... or -DGOMOKU_FETCH_DEPS=ON"
        PARENT_SCOPE)
    return()
  endif()
  add_library(gomoku_imgui INTERFACE)
  target_link_libraries(gomoku_imgui INTERFACE imgui::imgui ${GOMOKU_SDL2_TARGET})
  message(STATUS "Dear ImGui: CMake package ${imgui_DIR}")
  set(${found} TRUE PARENT_SCOPE)
endfunction()

# Tries the system library. Sets <found> to TRUE and creates gomoku_imgui on success; on failure
# sets <found> to FALSE and <why> to what is missing.
function(_gomoku_imgui_from_system found why)
  set(${found} FALSE PARENT_SCOPE)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(GOMOKU_PC_IMGUI QUIET imgui)
  endif()
  find_path(GOMOKU_IMGUI_INCLUDE_DIR imgui.h
            HINTS ${GOMOKU_PC_IMGUI_INCLUDE_DIRS} PATH_SUFFIXES imgui)
  find_library(GOMOKU_IMGUI_LIBRARY NAMES imgui HINTS ${GOMOKU_PC_IMGUI_LIBRARY_DIRS})
  if(NOT GOMOKU_IMGUI_INCLUDE_DIR OR NOT GOMOKU_IMGUI_LIBRARY)
    set(${why} "no system Dear ImGui library (libimgui + imgui/imgui.h)" PARENT_SCOPE)
    return()
  endif()
  set(_inc "${GOMOKU_IMGUI_INCLUDE_DIR}")

  file(STRINGS "${_inc}/imgui.h" _ver_line REGEX "^#define IMGUI_VERSION_NUM +[0-9]+")
  string(REGEX MATCH "[0-9]+$" _ver "${_ver_line}")
  if(NOT _ver OR _ver LESS _gomoku_imgui_min_version)
    set(${why} "system Dear ImGui at ${_inc} is version ${_ver}, older than 1.86" PARENT_SCOPE)
    return()
  endif()
  foreach(_h imgui_impl_sdl.h imgui_impl_sdlrenderer.h)
    if(NOT EXISTS "${_inc}/backends/${_h}")
      set(${why} "system Dear ImGui at ${_inc} has no backends/${_h} (a version newer than the 1.86 API renamed the SDL backends)"
          PARENT_SCOPE)
      return()
    endif()
  endforeach()

  set(_backend_dirs
    /usr/share/doc/libimgui-dev/examples/backends
    /usr/share/doc/imgui/examples/backends
    /usr/share/imgui/backends
    /usr/local/share/imgui/backends)
  find_file(GOMOKU_IMGUI_SDLRENDERER_SOURCE
            NAMES imgui_impl_sdlrenderer.cpp imgui_impl_sdlrenderer.cpp.gz
            PATHS ${_backend_dirs} NO_DEFAULT_PATH
            DOC "imgui_impl_sdlrenderer.cpp (or .cpp.gz) matching the system Dear ImGui")
  if(NOT GOMOKU_IMGUI_SDLRENDERER_SOURCE)
    set(${why} "the SDL_Renderer backend source imgui_impl_sdlrenderer.cpp was not found under /usr/share/doc/libimgui-dev/examples/backends/"
        PARENT_SCOPE)
    return()
  endif()
  _gomoku_unpack_source(_renderer_src "${GOMOKU_IMGUI_SDLRENDERER_SOURCE}")

  # Debian builds libimgui against the system stb (imgui.pc: Requires: stb).
  find_library(GOMOKU_STB_LIBRARY NAMES stb HINTS ${GOMOKU_PC_IMGUI_LIBRARY_DIRS})
  set(_imgui_deps)
  if(GOMOKU_STB_LIBRARY)
    list(APPEND _imgui_deps "${GOMOKU_STB_LIBRARY}")
  elseif("stb" IN_LIST GOMOKU_PC_IMGUI_LIBRARIES)
    set(${why} "the system Dear ImGui needs libstb (sudo apt-get install libstb-dev)" PARENT_SCOPE)
    return()
  endif()
  list(APPEND _imgui_deps ${GOMOKU_SDL2_TARGET})

  add_library(gomoku_imgui_system UNKNOWN IMPORTED)
  set_target_properties(gomoku_imgui_system PROPERTIES
    IMPORTED_LOCATION "${GOMOKU_IMGUI_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${_inc};${_inc}/backends"
    INTERFACE_LINK_LIBRARIES "${_imgui_deps}")

  # Does the library carry the SDL2 platform backend (Debian's does)? If not, compile it too.
  include(CheckCXXSourceCompiles)
  include(CMakePushCheckState)
  cmake_push_check_state(RESET)
  set(CMAKE_REQUIRED_QUIET ON)
  set(CMAKE_REQUIRED_LIBRARIES gomoku_imgui_system)
  check_cxx_source_compiles([[
    #include <imgui.h>
    #include <imgui_impl_sdl.h>
    int main(int argc, char**) { if (argc > 5) ImGui_ImplSDL2_InitForSDLRenderer(nullptr); return 0; }
  ]] GOMOKU_SYSTEM_IMGUI_HAS_SDL2_BACKEND)
  cmake_pop_check_state()

  set(_sources "${_renderer_src}")
  if(NOT GOMOKU_SYSTEM_IMGUI_HAS_SDL2_BACKEND)
    find_file(GOMOKU_IMGUI_SDL_SOURCE NAMES imgui_impl_sdl.cpp imgui_impl_sdl.cpp.gz
              PATHS ${_backend_dirs} NO_DEFAULT_PATH
              DOC "imgui_impl_sdl.cpp (or .cpp.gz) matching the system Dear ImGui")
    if(NOT GOMOKU_IMGUI_SDL_SOURCE)
      set(${why} "the system libimgui lacks the SDL2 backend and imgui_impl_sdl.cpp was not found"
          PARENT_SCOPE)
      return()
    endif()
    _gomoku_unpack_source(_sdl_src "${GOMOKU_IMGUI_SDL_SOURCE}")
    list(APPEND _sources "${_sdl_src}")
  endif()

  add_library(gomoku_imgui STATIC ${_sources})
  target_link_libraries(gomoku_imgui PUBLIC gomoku_imgui_system)
  set_target_properties(gomoku_imgui PROPERTIES POSITION_INDEPENDENT_CODE ON)
  message(STATUS "Dear ImGui: system ${GOMOKU_IMGUI_LIBRARY} (${_ver}), "
                 "SDL_Renderer backend from ${GOMOKU_IMGUI_SDLRENDERER_SOURCE}")
  set(${found} TRUE PARENT_SCOPE)
endfunction()

if(IMGUI_DIR)
  _gomoku_imgui_from_source("${IMGUI_DIR}" "IMGUI_DIR")
else()
  _gomoku_imgui_from_package(_gomoku_imgui_found _gomoku_imgui_package_why)
  if(NOT _gomoku_imgui_found AND TARGET imgui::imgui)
    message(FATAL_ERROR "Dear ImGui: ${_gomoku_imgui_package_why}")
  endif()
  if(NOT _gomoku_imgui_found)
    _gomoku_imgui_from_system(_gomoku_imgui_found _gomoku_imgui_why)
  endif()
  if(NOT _gomoku_imgui_found)
    if(GOMOKU_FETCH_DEPS)
      message(STATUS "Dear ImGui: ${_gomoku_imgui_why}; downloading the pinned v1.86 release")
      include(FetchContent)
      # Pinned release archive; the hash makes a changed download fail instead of building.
      FetchContent_Declare(gomoku_imgui_src
        URL https://github.com/ocornut/imgui/archive/refs/tags/v1.86.zip
        URL_HASH MD5=bccb1c173296979e6a61b4f9da572429
        DOWNLOAD_EXTRACT_TIMESTAMP TRUE)
      FetchContent_MakeAvailable(gomoku_imgui_src)
      _gomoku_imgui_from_source("${gomoku_imgui_src_SOURCE_DIR}" "pinned download v1.86")
    else()
      message(FATAL_ERROR
        "Dear ImGui was not found: ${_gomoku_imgui_why}.\n"
        "  Debian/Ubuntu: sudo apt-get install libimgui-dev libstb-dev   (or run scripts/install-deps.sh)\n"
        "  elsewhere:     -DIMGUI_DIR=/path/to/imgui (a checkout of tag v1.86), or\n"
        "                 -DGOMOKU_FETCH_DEPS=ON to download the pinned v1.86 release, or\n"
        "                 -DGOMOKU_BUILD_GUI=OFF to build only the engine, brain and tests.")
    endif()
  endif()
endif()

if(NOT TARGET imgui::imgui)
  add_library(imgui::imgui ALIAS gomoku_imgui)
endif()
