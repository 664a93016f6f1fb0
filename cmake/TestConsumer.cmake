# Installs the project into WORK/install, builds examples/consumer against it
# with find_package, and runs both consumers.  Used by the test suite.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE Result OUTPUT_VARIABLE Out
                  ERROR_VARIABLE Out)
  if(NOT Result EQUAL 0)
    message(FATAL_ERROR "failed (${Result}): ${ARGN}\n${Out}")
  endif()
  message(STATUS "${Out}")
endfunction()

file(REMOVE_RECURSE ${WORK})
run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/install)
run(${CMAKE_COMMAND} -G Ninja -S ${SOURCE}/examples/consumer -B ${WORK}/build
    -DCMAKE_PREFIX_PATH=${WORK}/install -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK}/build)
run(${WORK}/build/consumer)
run(${WORK}/build/consumer-c)
