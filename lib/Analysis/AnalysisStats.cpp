//===- AnalysisStats.cpp - What a check looked at, in numbers -------------===//

#include "tcgen05/Analysis/AnalysisStats.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

AnalysisStats &AnalysisStats::operator+=(const AnalysisStats &O) {
  Functions += O.Functions;
  FunctionsInPieces += O.FunctionsInPieces;
  Statements += O.Statements;
  Tcgen05Instructions += O.Tcgen05Instructions;
  DescriptorsKnown += O.DescriptorsKnown;
  DescriptorsPartlyKnown += O.DescriptorsPartlyKnown;
  DescriptorsUnknown += O.DescriptorsUnknown;
  FunctionsIncomplete += O.FunctionsIncomplete;
  ReadMicros += O.ReadMicros;
  ModulePassMicros += O.ModulePassMicros;
  BodiesMicros += O.BodiesMicros;
  EndMicros += O.EndMicros;
  return *this;
}

void AnalysisStats::countDescriptor(uint64_t Known, unsigned Width) {
  uint64_t All = Width >= 64 ? ~0ull : (1ull << Width) - 1;
  Known &= All;
  if (Known == All)
    ++DescriptorsKnown;
  else if (Known)
    ++DescriptorsPartlyKnown;
  else
    ++DescriptorsUnknown;
}

void AnalysisStats::print(llvm::raw_ostream &OS) const {
  OS << "functions: " << Functions << '\n'
     << "functions checked in pieces: " << FunctionsInPieces << '\n'
     << "statements: " << Statements << '\n'
     << "tcgen05 instructions: " << Tcgen05Instructions << '\n'
     << "descriptor operands fully known: " << DescriptorsKnown << '\n'
     << "descriptor operands partly known: " << DescriptorsPartlyKnown << '\n'
     << "descriptor operands unknown: " << DescriptorsUnknown << '\n'
     << "functions not fully analysed: " << FunctionsIncomplete << '\n';
  auto Ms = [](uint64_t Micros) {
    return llvm::format("%.1f ms", Micros / 1000.0);
  };
  uint64_t Serial = ReadMicros + ModulePassMicros + EndMicros;
  uint64_t All = Serial + BodiesMicros;
  OS << "time reading the input: " << Ms(ReadMicros) << '\n'
     << "time in the module pass: " << Ms(ModulePassMicros) << '\n'
     << "time in the bodies after it: " << Ms(BodiesMicros) << '\n'
     << "time at the end: " << Ms(EndMicros) << '\n'
     << "one-thread share of the time: "
     << llvm::format("%.1f%%", All ? 100.0 * Serial / All : 0.0) << '\n';
}
