//===- FunctionLints.h - The lints run on each function ---------*- C++ -*-===//
//
// The lints that go beyond the manual's tables, run on one function at a
// time on analyses built once for it: descriptor values (DescriptorCheck.h)
// and the tcgen05 hazards (HazardCheck.h).  This is the list a caller runs;
// adding a family of lints adds it here.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LINT_FUNCTIONLINTS_H
#define TCGEN05_LINT_FUNCTIONLINTS_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Lint/HazardCheck.h"

#include <vector>

namespace tcgen05 {

class FunctionAnalyses;
struct AnalysisStats;

struct LintOptions {
  /// Follow known bits into descriptor operands (TC4xxx).  Off for
  /// inline-asm templates, whose operand values the compiler supplies.
  bool CheckDescriptorValues = true;
  /// Run the hazard lints (TC6xxx) on functions with tcgen05 code.  Off
  /// where one instruction is checked alone, wrapped in a kernel that is
  /// not the user's.
  bool CheckHazards = true;
  /// Hazard lints not to run, because every finding of theirs would be
  /// silenced (their group is off: the pedantic group by default).
  std::vector<DiagID> SilencedHazards;
  /// The hazard analyses' budget per instruction and block of a function
  /// (--hazard-steps); past it they give up on the function with TC6100.
  unsigned HazardStepsPerInstruction = DefaultHazardStepsPerInstruction;
  /// Remark where the descriptor analysis of a function stops short
  /// (TC4100, -Rdescriptor-analysis).
  bool RemarkIncompleteAnalysis = false;

  /// Whether any lint runs on a function with tcgen05 instructions.
  bool any() const { return CheckDescriptorValues || CheckHazards; }
};

/// Runs the lints Opts asks for on F, reporting into Sink and counting into
/// Stats; A holds F's analyses, which other checks may share.  A function
/// without tcgen05 instructions costs nothing.
void runFunctionLints(const Module &M, const Function &F, DiagnosticSink &Sink,
                      const LintOptions &Opts, AnalysisStats &Stats,
                      FunctionAnalyses &A);

} // namespace tcgen05

#endif
