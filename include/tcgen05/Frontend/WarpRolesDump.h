//===- WarpRolesDump.h - The warp roles of a module's kernels ----*- C++
//-*-===//
//
// tcgen05-check --dump-warp-roles: for each function with tcgen05
// instructions, which warps of the CTA (and which CTA of a pair) execute
// each of them (WarpRoles.h), and whether one thread of each does; then,
// for a kernel, its mbarriers as the init-count lint (TC6036) sees them.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_WARPROLESDUMP_H
#define TCGEN05_FRONTEND_WARPROLESDUMP_H

#include "tcgen05/Frontend/Check.h"

#include "llvm/Support/raw_ostream.h"

namespace tcgen05 {

/// Writes the warp roles of the file at Path to OS; reports what cannot be
/// read or parsed through Engine, as a check does.
CheckStatus dumpWarpRoles(llvm::StringRef Path, llvm::SourceMgr &SM,
                          DiagnosticsEngine &Engine, const CheckOptions &Opts,
                          llvm::raw_ostream &OS);

/// The same for buffer BufferID of SM, named Name in the output.
CheckStatus dumpWarpRolesOfBuffer(llvm::SourceMgr &SM, unsigned BufferID,
                                  llvm::StringRef Name,
                                  DiagnosticsEngine &Engine,
                                  llvm::raw_ostream &OS);

} // namespace tcgen05

#endif
