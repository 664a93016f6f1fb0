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
# Consumers link the installed archives with their own flags: machine code
# only, no LTO bytecode that would make each link optimize the checker.
file(GLOB Archives ${WORK}/install/lib*/libtcgen05*.a ${WORK}/install/lib*/libTcgen05*.a)
if(NOT Archives)
  message(FATAL_ERROR "the install has no static libraries")
endif()
foreach(Archive ${Archives})
  execute_process(COMMAND objdump -h ${Archive} OUTPUT_VARIABLE Sections)
  if(Sections MATCHES "\\.gnu\\.lto_")
    message(FATAL_ERROR "${Archive} holds LTO bytecode")
  endif()
endforeach()
# The shared library carries its version in its name.
file(GLOB Shared ${WORK}/install/lib*/libtcgen05check.so.*.*.*)
execute_process(COMMAND readelf -d ${Shared} OUTPUT_VARIABLE Dynamic)
if(NOT Dynamic MATCHES "SONAME\\) +Library soname: \\[libtcgen05check\\.so\\.[0-9]+\\.[0-9]+\\]")
  message(FATAL_ERROR "${Shared} has no versioned SONAME:\n${Dynamic}")
endif()
run(${CMAKE_COMMAND} -G Ninja -S ${SOURCE}/examples/consumer -B ${WORK}/build
    -DCMAKE_PREFIX_PATH=${WORK}/install -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK}/build)
run(${WORK}/build/consumer)
run(${WORK}/build/consumer-c)
# The README's C++ example, compiled as shown, on the bundled clean kernel.
run(${WORK}/build/readme-example ${SOURCE}/examples/gemm_sm100a.ptx)
# A C project without CMake: pkg-config names the flags.
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  file(GLOB PcDir ${WORK}/install/lib*/pkgconfig)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${PcDir}
                          ${PKG_CONFIG} --cflags --libs tcgen05check
                  OUTPUT_VARIABLE Flags RESULT_VARIABLE Result
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT Result EQUAL 0)
    message(FATAL_ERROR "pkg-config does not know tcgen05check")
  endif()
  separate_arguments(Flags UNIX_COMMAND "${Flags}")
  run(cc ${SOURCE}/examples/consumer-c/consumer.c ${Flags} -o ${WORK}/pkg-config-consumer)
  get_filename_component(LibDir ${PcDir} DIRECTORY)
  run(${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${LibDir} ${WORK}/pkg-config-consumer)
endif()
# tcgen05_check_ptx() fails the build of a project whose PTX has an error,
# with the diagnostics in the build's output.
file(WRITE ${WORK}/broken/CMakeLists.txt "
cmake_minimum_required(VERSION 3.20)
project(broken-ptx LANGUAGES NONE)
find_package(tcgen05check REQUIRED)
tcgen05_check_ptx(TARGET check-ptx FILES ${SOURCE}/examples/gemm_sm100a_broken.ptx)
")
run(${CMAKE_COMMAND} -G Ninja -S ${WORK}/broken -B ${WORK}/broken/build
    -DCMAKE_PREFIX_PATH=${WORK}/install)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/broken/build
                RESULT_VARIABLE Result OUTPUT_VARIABLE Out ERROR_VARIABLE Out)
if(Result EQUAL 0 OR NOT Out MATCHES "gemm_sm100a_broken.ptx:[0-9]+:[0-9]+: error: .*TC6004")
  message(FATAL_ERROR "a broken kernel passed tcgen05_check_ptx (${Result}):\n${Out}")
endif()
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
