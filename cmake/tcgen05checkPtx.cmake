# tcgen05_check_ptx(TARGET <name> FILES <file.ptx>...
#                   [ARCH <sm_100a>] [OPTIONS <tcgen05-check option>...])
#
# Adds <name>, a target built by default that checks each PTX file with
# tcgen05-check and fails the build on an error.  A file is checked again
# when it, or the tool, changes.  Relative file names are taken from the
# current source directory; name a file another rule generates by its full
# path (${CMAKE_CURRENT_BINARY_DIR}/kernel.ptx), and its rule runs first.
# ARCH checks as if .target said it (--target); OPTIONS go to the tool as
# they are (-Werror, -Wno-tcgen05-fence, --baseline=FILE).
function(tcgen05_check_ptx)
  cmake_parse_arguments(PARSE_ARGV 0 Arg "" "TARGET;ARCH" "FILES;OPTIONS")
  if(Arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "tcgen05_check_ptx: unknown arguments: ${Arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT Arg_TARGET OR NOT Arg_FILES)
    message(FATAL_ERROR "tcgen05_check_ptx: TARGET and FILES are required")
  endif()
  if(NOT TARGET tcgen05::tcgen05-check)
    message(FATAL_ERROR "tcgen05_check_ptx: the package has no tcgen05-check")
  endif()
  set(Options ${Arg_OPTIONS})
  if(Arg_ARCH)
    list(APPEND Options --target=${Arg_ARCH})
  endif()
  set(Stamps)
  set(Index 0)
  foreach(File IN LISTS Arg_FILES)
    get_filename_component(Path "${File}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(Name "${File}" NAME)
    set(Stamp
      "${CMAKE_CURRENT_BINARY_DIR}/tcgen05-check/${Arg_TARGET}/${Index}-${Name}.stamp")
    add_custom_command(
      OUTPUT "${Stamp}"
      COMMAND tcgen05::tcgen05-check ${Options} "${Path}"
      COMMAND "${CMAKE_COMMAND}" -E touch "${Stamp}"
      DEPENDS "${Path}" tcgen05::tcgen05-check
      COMMENT "Checking ${Name} with tcgen05-check"
      VERBATIM)
    list(APPEND Stamps "${Stamp}")
    math(EXPR Index "${Index} + 1")
  endforeach()
  add_custom_target(${Arg_TARGET} ALL DEPENDS ${Stamps})
endfunction()
