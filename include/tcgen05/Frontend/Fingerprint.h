//===- Fingerprint.h - Identities of findings that survive edits -*- C++
//-*-===//
//
// A finding's fingerprint names it across edits elsewhere in its file: it
// hashes the code, the file as named, the message and the text of the
// line the caret is on (blanks trimmed), never the line number, and counts
// identical findings in one file in source order.  Baselines and SARIF's
// partialFingerprints both use it.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_FINGERPRINT_H
#define TCGEN05_FRONTEND_FINGERPRINT_H

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"

#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
}

namespace tcgen05 {

/// Gives each finding of a stream of diagnostics, in source order, its
/// fingerprint: 16 hex digits of the hash, ':' and the occurrence.
class FingerprintMaker {
public:
  std::string next(const llvm::SourceMgr *SM, const Diagnostic &D);
  /// Forgets the last finding's place and line (see
  /// DiagnosticConsumer::beginBatch); occurrences still count on.
  void beginBatch(const LineIndex *Known = nullptr) {
    Lines = LocationResolver(Known);
    Last.reset();
  }

private:
  llvm::StringMap<unsigned> Seen;
  LocationResolver Lines;
  /// The last finding's code, file, message and line, and its hash: the
  /// findings of one line mostly repeat it, and a line of a module written
  /// on one line is the whole module, hashed once instead of per finding.
  struct LastKey {
    unsigned Code = 0;
    const void *File = nullptr;
    std::string Name;
    std::string Message;
    llvm::StringRef Line;
    std::string Hash;
  };
  std::optional<LastKey> Last;
};

} // namespace tcgen05

#endif
