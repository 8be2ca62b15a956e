# Runs one compile-fail case (cmake -P). The case must compile without DUNE_COMPILE_FAIL (so the
# failure comes from the guarded lines alone) and must fail with DUNE_COMPILE_FAIL, printing the
# diagnostic named on its "// expect:" line (a regular expression).
# Inputs: CXX, SRC, INCLUDE_DIRS (;-list).
file(STRINGS "${SRC}" expect_line REGEX "^// expect: ")
if(NOT expect_line)
  message(FATAL_ERROR "${SRC}: no '// expect:' line")
endif()
string(REGEX REPLACE "^// expect: " "" expected "${expect_line}")

set(flags -std=c++20 -fsyntax-only)
foreach(dir IN LISTS INCLUDE_DIRS)
  list(APPEND flags "-I${dir}")
endforeach()

execute_process(COMMAND "${CXX}" ${flags} "${SRC}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SRC}: the control build (without DUNE_COMPILE_FAIL) does not compile:\n${err}")
endif()

execute_process(COMMAND "${CXX}" ${flags} -DDUNE_COMPILE_FAIL "${SRC}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "${SRC}: compiled, but the type system must reject it (${expected})")
endif()
string(REGEX MATCH "${expected}" found "${err}")
if(NOT found)
  message(FATAL_ERROR "${SRC}: failed to compile, but not for the stated reason.\nexpected: ${expected}\ngot:\n${err}")
endif()
message(STATUS "${SRC}: rejected as expected (${found})")
