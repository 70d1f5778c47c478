# cmake -DBUILD_DIR=... -DPREFIX=... -DVERSION=... -DAPP_ID=... -DBINDIR=bin -DDATADIR=share
#       -DHAVE_MATCH=ON|OFF -P install_test.cmake
# Installs the build into PREFIX (emptied first) and checks what a user gets: the files in their
# places, `gomoku` rendering a position headless to a real PNG, `pbrain-gomoku` answering
# ABOUT with the project's version, and every program's --version.

function(fail message)
  message(FATAL_ERROR "install test: ${message}")
endfunction()

file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  fail("cmake --install failed (${rc}):\n${out}\n${err}")
endif()

set(bin ${PREFIX}/${BINDIR})
set(expected
    ${bin}/gomoku
    ${bin}/pbrain-gomoku
    ${bin}/gomoku-bench
    ${PREFIX}/${DATADIR}/gomoku-studio/assets/icon.bmp
    ${PREFIX}/${DATADIR}/gomoku-studio/assets/sounds/stone_black.wav
    ${PREFIX}/${DATADIR}/gomoku-studio/assets/sounds/win.wav
    ${PREFIX}/${DATADIR}/gomoku-studio/data/bench_positions.txt
    ${PREFIX}/${DATADIR}/icons/hicolor/256x256/apps/${APP_ID}.png
    ${PREFIX}/${DATADIR}/icons/hicolor/48x48/apps/${APP_ID}.png
    ${PREFIX}/${DATADIR}/applications/${APP_ID}.desktop
    ${PREFIX}/${DATADIR}/metainfo/${APP_ID}.metainfo.xml)
foreach(path IN LISTS expected)
  if(NOT EXISTS ${path})
    fail("not installed: ${path}")
  endif()
endforeach()
# The desktop entry names the icon that was installed, and a program that was installed.
file(READ ${PREFIX}/${DATADIR}/applications/${APP_ID}.desktop desktop)
if(NOT desktop MATCHES "\nIcon=${APP_ID}\n" OR NOT desktop MATCHES "\nExec=gomoku\n")
  fail("the desktop entry does not name Icon=${APP_ID} and Exec=gomoku:\n${desktop}")
endif()

# Every program says the project's version (gomoku-match too, when the build has it: then it
# must have been installed).
set(programs gomoku pbrain-gomoku gomoku-bench)
if(HAVE_MATCH)
  list(APPEND programs gomoku-match)
endif()
foreach(program IN LISTS programs)
  if(NOT EXISTS ${bin}/${program})
    fail("not installed: ${bin}/${program}")
  endif()
  execute_process(COMMAND ${bin}/${program} --version RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "^${program} \\(Gomoku Studio\\) ${VERSION}\n$")
    fail("${program} --version gave (${rc}) '${out}', expected '${program} (Gomoku Studio) ${VERSION}'")
  endif()
endforeach()

# The brain answers ABOUT with the version, then plays a first move (the end of its input
# makes it answer at once; an END would end it without a move).
set(input ${PREFIX}/brain-input.txt)
file(WRITE ${input} "ABOUT\nSTART 15\nBEGIN\n")
execute_process(COMMAND ${bin}/pbrain-gomoku INPUT_FILE ${input}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  fail("pbrain-gomoku exited with ${rc}: ${out}${err}")
endif()
if(NOT out MATCHES "name=\"GomokuStudio\", version=\"${VERSION}\"")
  fail("pbrain-gomoku ABOUT does not give version ${VERSION}:\n${out}")
endif()
if(NOT out MATCHES "\nOK\n" OR NOT out MATCHES "\n[0-9]+,[0-9]+\n")
  fail("pbrain-gomoku did not start a board and answer BEGIN with a move:\n${out}")
endif()

# The installed GUI, headless (SDL's dummy video driver), renders a position to a PNG. It must
# not lean on the build or source tree: GOMOKU_ASSETS_DIR is cleared from the environment.
set(shot ${PREFIX}/screenshot.png)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
          --unset=GOMOKU_ASSETS_DIR
          ${bin}/gomoku --screenshot ${shot} --window 800x600 --position h8i9j10h9i8
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0 OR NOT EXISTS ${shot})
  fail("gomoku --screenshot failed (${rc}):\n${out}\n${err}")
endif()
# A PNG signature, the size asked for in its header, and more bytes than a blank or near-blank
# 800x600 picture compresses to (a flat colour is a few kB; the board and panels are far more).
file(READ ${shot} header LIMIT 24 HEX)
string(SUBSTRING "${header}" 0 16 signature)
string(SUBSTRING "${header}" 32 16 dimensions)
if(NOT signature STREQUAL "89504e470d0a1a0a")
  fail("${shot} is not a PNG (starts with ${signature})")
endif()
if(NOT dimensions STREQUAL "0000032000000258")  # 800 x 600, big-endian
  fail("${shot} is not 800x600 (IHDR ${dimensions})")
endif()
file(SIZE ${shot} bytes)
if(bytes LESS 30000)
  fail("${shot} has only ${bytes} bytes: a blank picture, not the board")
endif()
message(STATUS "install test: ${PREFIX} complete; screenshot ${bytes} bytes")
