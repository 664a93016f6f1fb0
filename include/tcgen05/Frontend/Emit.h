//===- Emit.h - Validate, retarget and print a module ------------*- C++
//-*-===//
//
// The lowering stage as one call: rewrite the module for the requested
// target and PTX version, check the result, and print it in canonical form
// only when it checks without errors.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_EMIT_H
#define TCGEN05_FRONTEND_EMIT_H

#include "tcgen05/Frontend/Check.h"

#include <string>

namespace llvm {
class raw_ostream;
}

namespace tcgen05 {

struct EmitOptions {
  /// Threads, separate compilation, parse limits.  Check.Target is the
  /// architecture to retarget to (written into .target); empty keeps the
  /// module's.
  CheckOptions Check;
  /// "" keeps .version; "8.6" writes that version; "auto" writes the oldest
  /// version that accepts the module (and remarks which features decide).
  std::string PtxVersion;
};

/// Loads Path into SM and emits it to OS (nothing is written on errors).
CheckStatus emitFile(llvm::StringRef Path, llvm::SourceMgr &SM,
                     DiagnosticsEngine &Engine, const EmitOptions &Opts,
                     llvm::raw_ostream &OS);

/// Emits the buffer BufferID of SM.  Diagnostics about the rewritten module
/// name the input's lines; its text is added to SM under the input's name.
/// To check a module for another target or PTX version without printing
/// it, pass llvm::nulls() as OS.
CheckStatus emitBuffer(llvm::SourceMgr &SM, unsigned BufferID,
                       DiagnosticsEngine &Engine, const EmitOptions &Opts,
                       llvm::raw_ostream &OS);

} // namespace tcgen05

#endif
