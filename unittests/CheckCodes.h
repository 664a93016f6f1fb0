//===- CheckCodes.h - The codes a generated kernel gets ---------*- C++ -*-===//
//
// The rule-table tests generate one statement at a time; this checks it in
// a one-kernel module and returns the codes of a range (TC3xxx for tcgen05,
// TC7xxx for the other instructions), warnings off.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_UNITTESTS_CHECKCODES_H
#define TCGEN05_UNITTESTS_CHECKCODES_H

#include "tcgen05/Frontend/Check.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <set>
#include <string>

namespace tcgen05 {
namespace test {

/// Codes in [Lo, Hi) for Body (declarations and statements) in a kernel of
/// a module for Target at PTX ISA Version ("9.0").
inline std::set<unsigned> checkCodes(const std::string &Body,
                                     const std::string &Target,
                                     const std::string &Version, unsigned Lo,
                                     unsigned Hi) {
  std::string Text = ".version " + Version + "\n.target " + Target +
                     "\n.address_size 64\n.visible .entry k()\n{\n" + Body +
                     "\nret;\n}\n";
  llvm::SourceMgr SM;
  unsigned ID = SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "gen.ptx"), llvm::SMLoc());
  CollectingDiagnosticConsumer C;
  DiagnosticOptions DO;
  DO.ErrorLimit = 0;
  DO.EnabledGroups.clear();
  DiagnosticsEngine Engine(C, DO);
  CheckOptions Opts;
  Opts.Lint.CheckHazards = false;
  checkBuffer(SM, ID, Engine, Opts);
  std::set<unsigned> Codes;
  for (const Diagnostic &D : C.Diags)
    if (D.code() >= Lo && D.code() < Hi)
      Codes.insert(D.code());
  return Codes;
}

} // namespace test
} // namespace tcgen05

#endif
