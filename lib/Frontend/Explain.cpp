//===- Explain.cpp - Long-form documentation of diagnostic codes ----------===//

#include "tcgen05/Frontend/Explain.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

namespace {
struct Page {
  unsigned Code;
  const char *Text;
};
const Page Pages[] = {
#define EXPLAIN_PAGE(Code, Text) {Code, Text},
#include "ExplainPages.inc"
#undef EXPLAIN_PAGE
};
} // namespace

std::optional<llvm::StringRef> tcgen05::explainDiagCode(unsigned Code) {
  for (const Page &P : Pages)
    if (P.Code == Code)
      return llvm::StringRef(P.Text);
  return std::nullopt;
}

std::optional<llvm::StringRef>
tcgen05::explainDiagnostic(llvm::StringRef Text, DiagnosticsEngine &Engine) {
  std::optional<unsigned> Code = parseDiagCode(Text);
  if (!Code) {
    Engine.emit(nullptr, Diagnostic::make(DiagID::err_usage_not_diag_code, {},
                                          {Text.str()}, "tcgen05-check"));
    return std::nullopt;
  }
  std::optional<llvm::StringRef> Page = explainDiagCode(*Code);
  if (!Page)
    Engine.emit(nullptr,
                Diagnostic::make(DiagID::err_usage_no_such_code, {},
                                 {formatDiagCode(*Code)}, "tcgen05-check"));
  return Page;
}

void tcgen05::printRuleList(llvm::raw_ostream &OS) {
  std::vector<DiagID> IDs(allCodedDiags().begin(), allCodedDiags().end());
  std::sort(IDs.begin(), IDs.end(), [](DiagID A, DiagID B) {
    return getDiagInfo(A).Code < getDiagInfo(B).Code;
  });
  for (DiagID ID : IDs) {
    const DiagInfo &I = getDiagInfo(ID);
    llvm::StringRef Group = diagGroup(ID);
    // A pedantic lint's default is to say nothing.
    llvm::StringRef Sev = !Group.empty() && isDefaultOffGroup(Group)
                              ? llvm::StringRef("off")
                              : severityName(I.DefaultSeverity);
    OS << formatDiagCode(I.Code) << "  " << llvm::left_justify(Sev, 8)
       << llvm::left_justify(Group.empty() ? "-" : Group, 24)
       << llvm::left_justify(I.Name, 36) << I.Format << "\n";
  }
}
