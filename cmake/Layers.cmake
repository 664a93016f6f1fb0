# One static library per layer of lib/.  A layer names the layers it may
# use; its private headers are visible to it alone, and check-layers.py
# fails the build when a source or public header of a layer includes a
# public header of a layer it did not name.

define_property(GLOBAL PROPERTY TCGEN05_LAYERS
  BRIEF_DOCS "Layer: allowed layers, one entry per layer"
  FULL_DOCS "Read by cmake/check-layers.py")

# tcgen05_add_layer(Name SOURCES a.cpp ... [USES Layer ...]
#                   [LINK target ...])
function(tcgen05_add_layer Name)
  cmake_parse_arguments(L "" "" "SOURCES;USES;LINK" ${ARGN})
  set(Target tcgen05${Name})
  add_library(${Target} STATIC ${L_SOURCES})
  target_include_directories(${Target}
    PUBLIC
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
      $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
      $<INSTALL_INTERFACE:include>
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  set(Uses)
  foreach(U ${L_USES})
    list(APPEND Uses tcgen05${U})
  endforeach()
  target_link_libraries(${Target} PUBLIC ${Uses} PRIVATE ${L_LINK})
  set_target_properties(${Target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  add_dependencies(${Target} tcgen05-check-layers)
  string(REPLACE ";" "," UsesList "${L_USES}")
  set_property(GLOBAL APPEND PROPERTY TCGEN05_LAYERS "${Name}:${UsesList}")
  set_property(GLOBAL APPEND PROPERTY TCGEN05_LAYER_TARGETS ${Target})
endfunction()

# Writes the declared graph and adds the target that checks includes
# against it.  Call after every layer is added.
function(tcgen05_check_layers)
  get_property(Layers GLOBAL PROPERTY TCGEN05_LAYERS)
  string(REPLACE ";" "\n" Text "${Layers}")
  set(Graph ${CMAKE_CURRENT_BINARY_DIR}/layers.txt)
  file(GENERATE OUTPUT ${Graph} CONTENT "${Text}\n")
  file(GLOB_RECURSE Sources CONFIGURE_DEPENDS
       ${PROJECT_SOURCE_DIR}/lib/*.cpp ${PROJECT_SOURCE_DIR}/lib/*.h
       ${PROJECT_SOURCE_DIR}/lib/*.def ${PROJECT_SOURCE_DIR}/include/*.h
       ${PROJECT_SOURCE_DIR}/include/*.def)
  set(Stamp ${CMAKE_CURRENT_BINARY_DIR}/layers.stamp)
  add_custom_command(
    OUTPUT ${Stamp}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/check-layers.py
            ${Graph} ${PROJECT_SOURCE_DIR}
    COMMAND ${CMAKE_COMMAND} -E touch ${Stamp}
    DEPENDS ${Graph} ${Sources} ${PROJECT_SOURCE_DIR}/cmake/check-layers.py
    COMMENT "Checking that each layer includes only the layers it uses"
    VERBATIM)
  add_custom_target(tcgen05-check-layers-run DEPENDS ${Stamp})
  add_dependencies(tcgen05-check-layers tcgen05-check-layers-run)
endfunction()
