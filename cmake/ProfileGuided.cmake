# Profile-guided optimization of the product: the layers of lib/, the
# generated grammar and the tool.  With TCGEN05_PGO (GCC release builds,
# the default there), a second tree under <build>/pgo/build compiles them
# instrumented, its tool checks the kernels bundled with the sources and
# the real ones of TCGEN05_PGO_CORPUS (pgo-train.py), and this tree compiles
# them with that profile: GCC then lays out the parser's and the analyses'
# hot paths from real counts (docs/performance.md).  They are fat LTO
# objects: the tool links them with link-time optimization, the tests and
# the C library with their ordinary code.
#
# Both trees name their objects by their path below their own build
# directory (-fprofile-prefix-path), so the profile written by one is found
# by the other.  A source change rebuilds the instrumented tool and trains
# it again before anything here is compiled, so profile and source always
# agree.

set(TCGEN05_PGO_DEFAULT OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_BUILD_TYPE STREQUAL "Release"
   AND NOT TCGEN05_SANITIZE AND NOT TCGEN05_TSAN AND NOT TCGEN05_BUILD_FUZZ)
  set(TCGEN05_PGO_DEFAULT ON)
endif()
option(TCGEN05_PGO
  "Compile the library and tool with a profile of the bundled kernels (GCC)"
  ${TCGEN05_PGO_DEFAULT})
set(TCGEN05_PGO_CORPUS ${PROJECT_SOURCE_DIR}/../shared/corpus CACHE PATH
  "Real kernels the profile is also taken on, when the directory exists")
# Set only by the outer tree for the instrumented one: where its runs write
# their counts.
set(TCGEN05_PGO_INSTRUMENT "" CACHE PATH "Profile directory to write")
mark_as_advanced(TCGEN05_PGO_INSTRUMENT)

if(TCGEN05_PGO AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "TCGEN05_PGO needs GCC; configure with -DTCGEN05_PGO=OFF")
endif()
if(TCGEN05_PGO AND TCGEN05_PGO_INSTRUMENT)
  message(FATAL_ERROR "TCGEN05_PGO and TCGEN05_PGO_INSTRUMENT exclude each other")
endif()

# The real path: GCC names objects by their physical path.
file(REAL_PATH ${CMAKE_BINARY_DIR} TCGEN05_PGO_BINARY_DIR)
set(TCGEN05_PGO_TREE ${CMAKE_BINARY_DIR}/pgo/build)
set(TCGEN05_PGO_DATA ${CMAKE_BINARY_DIR}/pgo/profile)

if(TCGEN05_PGO)
  include(ExternalProject)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" TCGEN05_PGO_CONFIG)
  set(InstrumentedTool ${TCGEN05_PGO_TREE}/bin/tcgen05-check)
  ExternalProject_Add(tcgen05-pgo-instrumented
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${TCGEN05_PGO_TREE}
    PREFIX ${CMAKE_BINARY_DIR}/pgo
    CMAKE_ARGS
      -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
      -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
      -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
      # Compiled as here but for the counters: a flag that changed the
      # code would make the counts describe other code.
      -DCMAKE_C_FLAGS=${CMAKE_C_FLAGS}
      -DCMAKE_CXX_FLAGS=${CMAKE_CXX_FLAGS}
      -DCMAKE_CXX_FLAGS_${TCGEN05_PGO_CONFIG}=${CMAKE_CXX_FLAGS_${TCGEN05_PGO_CONFIG}}
      -DLLVM_DIR=${LLVM_DIR}
      -Dantlr4-runtime_DIR=${antlr4-runtime_DIR}
      -DTCGEN05_PGO=OFF
      -DTCGEN05_PGO_INSTRUMENT=${TCGEN05_PGO_DATA}
      -DTCGEN05_BUILD_TESTS=OFF
      -DTCGEN05_BUILD_BENCH=OFF
    BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target tcgen05-check
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    BUILD_BYPRODUCTS ${InstrumentedTool})
  set(Stamp ${CMAKE_BINARY_DIR}/pgo/trained.stamp)
  add_custom_command(
    OUTPUT ${Stamp}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/pgo-train.py
            ${InstrumentedTool} ${TCGEN05_PGO_DATA} ${PROJECT_SOURCE_DIR}
            ${CMAKE_BINARY_DIR}/pgo/work ${TCGEN05_PGO_CORPUS}
    COMMAND ${CMAKE_COMMAND} -E touch ${Stamp}
    DEPENDS ${InstrumentedTool} ${PROJECT_SOURCE_DIR}/cmake/pgo-train.py
    COMMENT "Profiling the instrumented tool on the bundled kernels"
    VERBATIM)
  add_custom_target(tcgen05-pgo-profile DEPENDS ${Stamp})
  add_dependencies(tcgen05-pgo-profile tcgen05-pgo-instrumented)
endif()

# Instruments Targets, or compiles them with the profile, as the tree is
# configured.  Tool is the executable among them, which links the
# profiling runtime when instrumented.
function(tcgen05_profile_guided Tool)
  set(Targets ${Tool} ${ARGN})
  if(TCGEN05_PGO_INSTRUMENT)
    foreach(T ${Targets})
      target_compile_options(${T} PRIVATE
        -fprofile-generate=${TCGEN05_PGO_INSTRUMENT}
        -fprofile-prefix-path=${TCGEN05_PGO_BINARY_DIR}
        -fprofile-update=prefer-atomic)
    endforeach()
    target_link_options(${Tool} PRIVATE -fprofile-generate)
  elseif(TCGEN05_PGO)
    foreach(T ${Targets})
      # Code the bundled kernels never reach keeps its ordinary
      # optimization (-fprofile-partial-training), and so do sources the
      # tool does not link.
      target_compile_options(${T} PRIVATE
        -fprofile-use=${TCGEN05_PGO_DATA}
        -fprofile-prefix-path=${TCGEN05_PGO_BINARY_DIR}
        -fprofile-partial-training -Wno-missing-profile -ffat-lto-objects)
      set_property(TARGET ${T} PROPERTY INTERPROCEDURAL_OPTIMIZATION ON)
      add_dependencies(${T} tcgen05-pgo-profile)
    endforeach()
    # One source must find its profile: a profile that was never found
    # (names that do not match) would otherwise go unnoticed.  The tool
    # links it, so the training writes its counts; it is one function
    # without templates, so no copy of an inline function counted in
    # another object can be missing from them (GCC reports such a function
    # under the same warning).
    set_property(SOURCE ${PROJECT_SOURCE_DIR}/lib/Basic/FindText.cpp
      DIRECTORY ${PROJECT_SOURCE_DIR}/lib/Basic
      APPEND PROPERTY COMPILE_OPTIONS -Wmissing-profile -Werror=missing-profile)
  endif()
endfunction()
