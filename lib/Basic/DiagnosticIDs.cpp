//===- DiagnosticIDs.cpp - The diagnostic catalogue and its codes ---------===//

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

namespace {
const DiagInfo Catalogue[] = {
#define DIAG(Name, Code, Sev, Format) {#Name, Code, Severity::Sev, Format},
#define NOTE(Name, Format) {#Name, 0, Severity::Note, Format},
#include "tcgen05/Basic/DiagnosticKinds.def"
};

const DiagID CodedDiags[] = {
#define DIAG(Name, Code, Sev, Format) DiagID::Name,
#include "tcgen05/Basic/DiagnosticKinds.def"
};

// Codes are stable identifiers: a duplicate would make two messages
// indistinguishable to users and to --explain.
constexpr bool codesAreUnique() {
  constexpr unsigned Codes[] = {
#define DIAG(Name, Code, Sev, Format) Code,
#include "tcgen05/Basic/DiagnosticKinds.def"
  };
  constexpr unsigned N = sizeof(Codes) / sizeof(Codes[0]);
  for (unsigned I = 0; I < N; ++I)
    for (unsigned J = I + 1; J < N; ++J)
      if (Codes[I] == Codes[J])
        return false;
  return true;
}
static_assert(codesAreUnique(), "duplicate diagnostic code in the catalogue");

} // namespace

const DiagInfo &tcgen05::getDiagInfo(DiagID ID) {
  return Catalogue[static_cast<unsigned>(ID)];
}

llvm::ArrayRef<DiagID> tcgen05::allCodedDiags() { return CodedDiags; }

std::optional<DiagID> tcgen05::lookupDiagCode(unsigned Code) {
  for (DiagID ID : CodedDiags)
    if (getDiagInfo(ID).Code == Code)
      return ID;
  return std::nullopt;
}

std::string tcgen05::formatDiagCode(unsigned Code) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "TC" << llvm::format_decimal(Code, 4);
  std::replace(S.begin(), S.end(), ' ', '0');
  return S;
}

std::optional<unsigned> tcgen05::parseDiagCode(llvm::StringRef Text) {
  if (Text.starts_with_insensitive("tc"))
    Text = Text.drop_front(2);
  unsigned Code;
  if (Text.empty() || Text.getAsInteger(10, Code))
    return std::nullopt;
  return Code;
}
