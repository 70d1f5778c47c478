// The one translation unit that holds doctest's main(); the suites live in tests/*/.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
