# What `cmake --install` puts where (GNU layout below the prefix), and the packages CPack makes
# from it: `cpack -G DEB` (Debian, runtime dependencies found by dpkg-shlibdeps) and
# `cpack -G TGZ` (a portable archive of the same tree).
#
#   bin/                                      gomoku, pbrain-gomoku, gomoku-bench, gomoku-match
#   share/gomoku-studio/assets/               sounds and the window icon (the GUI looks here,
#                                             as <exe dir>/../share/gomoku-studio/assets)
#   share/gomoku-studio/data/                 gomoku-bench's positions
#   share/icons/hicolor/<N>x<N>/apps/         the desktop icon, <app id>.png
#   share/applications/                       <app id>.desktop
#   share/metainfo/                           <app id>.metainfo.xml (AppStream)
#   share/doc/gomoku-studio/                  README.md

# Programs: each only when it is part of this build (gomoku-match may not exist yet, the GUI
# can be switched off).
foreach(_program IN ITEMS gomoku pbrain-gomoku gomoku-bench gomoku-match)
  if(TARGET ${_program})
    install(TARGETS ${_program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

set(GOMOKU_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/gomoku-studio)

if(TARGET gomoku)
  # Sounds and window icon; the desktop files and hicolor icons go to their own places below.
  install(DIRECTORY ${GOMOKU_ASSETS_DIR}/ DESTINATION ${GOMOKU_INSTALL_DATADIR}/assets
          PATTERN icons EXCLUDE
          PATTERN desktop EXCLUDE)
  install(DIRECTORY ${GOMOKU_ASSETS_DIR}/icons/ DESTINATION ${CMAKE_INSTALL_DATADIR}/icons)

  set(_desktop_dir ${GOMOKU_GENERATED_DIR}/desktop)
  configure_file(${GOMOKU_ASSETS_DIR}/desktop/gomoku-studio.desktop.in
                 ${_desktop_dir}/${GOMOKU_APP_ID}.desktop @ONLY)
  configure_file(${GOMOKU_ASSETS_DIR}/desktop/gomoku-studio.metainfo.xml.in
                 ${_desktop_dir}/${GOMOKU_APP_ID}.metainfo.xml @ONLY)
  install(FILES ${_desktop_dir}/${GOMOKU_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${_desktop_dir}/${GOMOKU_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()

if(TARGET gomoku-bench)
  install(FILES
    ${PROJECT_SOURCE_DIR}/tests/data/bench_positions.txt
    ${PROJECT_SOURCE_DIR}/tests/data/tactics_freestyle.txt
    ${PROJECT_SOURCE_DIR}/tests/data/tactics_renju.txt
    ${PROJECT_SOURCE_DIR}/tests/data/defense.txt
    DESTINATION ${GOMOKU_INSTALL_DATADIR}/data)
endif()

install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/gomoku-studio)

# ---- Packages --------------------------------------------------------------------------------

set(CPACK_PACKAGE_NAME gomoku-studio)
set(CPACK_PACKAGE_VENDOR "Gomoku Studio developers")
set(CPACK_PACKAGE_CONTACT "Gomoku Studio developers <gomoku-studio@localhost>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Gomoku (five in a row) game with a strong, explainable engine")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "A desktop Gomoku game (SDL2 board, Dear ImGui panels) for casual players, watchers and "
       "teachers, with a Gomocup brain (pbrain-gomoku) and a benchmark (gomoku-bench).")
set(CPACK_PACKAGE_INSTALL_DIRECTORY gomoku-studio)
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build.*/" "/out/")
set(CPACK_GENERATOR "TGZ;DEB")

# Debian: the shared libraries the programs link decide the runtime dependencies
# (dpkg-shlibdeps: libsdl2-2.0-0, libsdl2-mixer-2.0-0, libstdc++6, ...); the fonts are only
# recommended, the program falls back to ImGui's own.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS fonts-dejavu-core)

include(CPack)
