//===- Retarget.h - Rewrite a module for another target or version -*- C++
//-*-=//
//
// Retargeting is a set of in-line text edits to the module: the .target
// architecture, the .version number, and the tcgen05 spellings that only one
// of the two (old and new) target or version has (.blockN and its
// .scale_vec::NX alias).  Edits never add or remove lines, so a diagnostic
// about the rewritten module names the line of the original.  Whether the
// result is legal is the checker's job, run on the rewritten text.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LOWER_RETARGET_H
#define TCGEN05_LOWER_RETARGET_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tcgen05 {

class DiagnosticSink;

/// Replace [Begin, End) of the buffer with Text (Begin == End inserts).
struct TextEdit {
  const char *Begin;
  const char *End;
  std::string Text;
};

struct RetargetRequest {
  /// The architecture to write in .target; empty keeps the module's.
  std::string Target;
  /// major * 10 + minor to write in .version; 0 keeps the module's.
  unsigned PtxVersion = 0;
};

/// Plans the edits that retarget M (module level parsed; bodies are parsed
/// here one at a time).  A spelling that must change but has no equivalent
/// is reported into Sink (TC5002).
std::vector<TextEdit> planRetarget(Module &M, const RetargetRequest &Req,
                                   DiagnosticSink &Sink);

/// Text with Edits (sorted or not, non-overlapping) applied.
std::string applyEdits(llvm::StringRef Text, std::vector<TextEdit> Edits);

} // namespace tcgen05

#endif
