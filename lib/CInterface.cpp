//===- CInterface.cpp - The shared library of the C interface -------------===//
//
// libtcgen05check.so holds the whole checker behind the C interface of
// tcgen05/tcgen05-c.h, for callers that cannot link the C++ libraries: C
// projects, and Python through ctypes.  Its code is the layers', linked in
// whole (lib/CMakeLists.txt); only the tcgen05_* functions are exported
// (CInterface.map), so the LLVM and ANTLR code inside cannot clash with a
// caller's own copies.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/tcgen05-c.h"
