# Installs the project into WORK/install, builds examples/consumer against it
# with find_package, and runs the consumers (the generated kernel goes
# through ptxas when PTXAS names it).  Used by the test suite.
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
if(NOT EXISTS ${WORK}/install/share/doc/tcgen05check/LICENSE)
  message(FATAL_ERROR "the install has no share/doc/tcgen05check/LICENSE")
endif()
run(${CMAKE_COMMAND} -G Ninja -S ${SOURCE}/examples/consumer -B ${WORK}/build
    -DCMAKE_PREFIX_PATH=${WORK}/install -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK}/build)
run(${WORK}/build/consumer)
run(${WORK}/build/consumer-c)
# The README's C++ example, compiled as shown, on the bundled clean kernel.
run(${WORK}/build/readme-example ${SOURCE}/examples/gemm_sm100a.ptx)
# A C-only project: the shared library, without C++ or LLVM.
run(${CMAKE_COMMAND} -G Ninja -S ${SOURCE}/examples/consumer-c -B ${WORK}/build-c
    -DCMAKE_PREFIX_PATH=${WORK}/install -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK}/build-c)
run(${WORK}/build-c/c-only)
# The typed builder: a generated kernel, checked by the library, checked
# again whole by the tool, and assembled by ptxas when it is there.
foreach(Arch sm_100a sm_103a)
  run(${WORK}/build/builder ${WORK}/built.${Arch}.ptx ${Arch})
  run(${BUILD}/bin/tcgen05-check ${WORK}/built.${Arch}.ptx)
  if(PTXAS)
    run(${PTXAS} -arch=${Arch} ${WORK}/built.${Arch}.ptx -o ${WORK}/built.${Arch}.cubin)
  endif()
endforeach()
