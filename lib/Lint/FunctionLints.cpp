//===- FunctionLints.cpp - The lints run on each function -----------------===//

#include "tcgen05/Lint/FunctionLints.h"

#include "tcgen05/Lint/DescriptorCheck.h"

using namespace tcgen05;

void tcgen05::runFunctionLints(const Module &M, const Function &F,
                               DiagnosticSink &Sink, const LintOptions &Opts,
                               AnalysisStats &Stats, FunctionAnalyses &A) {
  if (Opts.CheckDescriptorValues) {
    DescriptorCheckOptions DescOpts;
    DescOpts.RemarkIncompleteAnalysis = Opts.RemarkIncompleteAnalysis;
    checkDescriptors(M, F, Sink, DescOpts, &Stats, &A);
  }
  if (Opts.CheckHazards)
    checkHazards(M, F, Sink, Opts.SilencedHazards, &A,
                 Opts.HazardStepsPerInstruction);
}
