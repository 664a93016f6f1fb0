//===- Baseline.h - Known findings a code base adopts the tool with -*- C++
//-*-===//
//
// A baseline lists the fingerprints (Fingerprint.h) of findings a code base
// already has, so that a CI job fails only on new ones.  It is a JSON file:
//   {"tool": "tcgen05-check", "version": 1,
//    "findings": [{"fingerprint": "...", "code": "TC6006", "file": "...",
//                  "message": "..."}, ...]}
// Only "fingerprint" decides; the rest is for the people who read it.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_BASELINE_H
#define TCGEN05_FRONTEND_BASELINE_H

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace tcgen05 {

class Baseline {
public:
  /// Reads a baseline file; reports why it cannot (TC0001, TC0119) to
  /// Engine and returns nothing.
  static std::optional<Baseline> load(llvm::StringRef Path,
                                      DiagnosticsEngine &Engine);
  /// Reads a baseline from text; Error says why not.
  static std::optional<Baseline> parse(llvm::StringRef Text,
                                       std::string &Error);

  /// Removes from Diags, one buffer's diagnostics in source order, those
  /// the baseline lists; returns how many.
  unsigned apply(const llvm::SourceMgr &SM,
                 std::vector<Diagnostic> &Diags) const;
  /// Adds the findings of Diags, one buffer's in source order.
  void record(const llvm::SourceMgr &SM, const std::vector<Diagnostic> &Diags);
  void write(llvm::raw_ostream &OS) const;
  /// The findings listed: those loaded, or those recorded.
  size_t size() const { return Entries.empty() ? Loaded : Entries.size(); }

private:
  struct Entry {
    std::string Fingerprint, Code, File, Message;
  };
  /// What record() adds, to be written; a loaded baseline keeps only the
  /// fingerprints.
  std::vector<Entry> Entries;
  llvm::StringSet<> Known;
  size_t Loaded = 0;
};

} // namespace tcgen05

#endif
