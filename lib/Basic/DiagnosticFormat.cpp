//===- DiagnosticFormat.cpp - Arguments and message formatting ------------===//

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {
struct KindName {
  DiagArgKind Kind;
  const char *Name;
};
// Longer names first: "quals" must not be read as "qual" and an "s".
constexpr KindName ArgKinds[] = {
    {DiagArgKind::Operand, "operand"}, {DiagArgKind::Quals, "quals"},
    {DiagArgKind::Qualifier, "qual"},  {DiagArgKind::Value, "value"},
    {DiagArgKind::Hex, "hex"},         {DiagArgKind::Range, "range"},
    {DiagArgKind::List, "list"},       {DiagArgKind::Text, ""},
};

/// Reads the placeholder at F[I] ('%'); advances I past it.  Returns false
/// for a '%' that starts no placeholder (kept as text) and sets Bad for one
/// with an unknown kind.
bool readPlaceholder(llvm::StringRef F, size_t &I, DiagPlaceholder &P,
                     bool &Bad) {
  size_t J = I + 1;
  while (J < F.size() && F[J] >= 'a' && F[J] <= 'z')
    ++J;
  if (J >= F.size() || F[J] < '0' || F[J] > '9')
    return false;
  llvm::StringRef Word = F.slice(I + 1, J);
  for (const KindName &K : ArgKinds)
    if (Word == K.Name) {
      P = {static_cast<unsigned>(F[J] - '0'), K.Kind};
      I = J + 1;
      return true;
    }
  Bad = true;
  return false;
}

std::string joinList(const std::vector<std::string> &Items, bool Quote) {
  std::string Out;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I)
      Out += I + 1 == Items.size() ? " or " : ", ";
    Out += Quote ? "'" + Items[I] + "'" : Items[I];
  }
  return Out;
}
} // namespace

llvm::StringRef tcgen05::diagArgKindName(DiagArgKind Kind) {
  for (const KindName &K : ArgKinds)
    if (K.Kind == Kind)
      return K.Name;
  return "";
}

std::optional<std::vector<DiagPlaceholder>>
tcgen05::diagPlaceholders(DiagID ID) {
  llvm::StringRef F = getDiagInfo(ID).Format;
  std::vector<DiagPlaceholder> Out;
  bool Bad = false;
  for (size_t I = 0; I < F.size();) {
    DiagPlaceholder P;
    if (F[I] == '%' && readPlaceholder(F, I, P, Bad)) {
      Out.push_back(P);
      continue;
    }
    if (Bad)
      return std::nullopt;
    ++I;
  }
  return Out;
}

DiagArg DiagArg::bits(uint64_t V, unsigned Bits) {
  DiagArg A(V);
  A.Width = Bits;
  return A;
}

DiagArg DiagArg::range(int64_t Lo, int64_t Hi) {
  DiagArg A;
  A.TheShape = Shape::Range;
  A.Lo = Lo;
  A.Hi = Hi;
  return A;
}

DiagArg DiagArg::list(std::vector<std::string> Items) {
  DiagArg A;
  A.TheShape = Shape::List;
  A.Items = std::move(Items);
  return A;
}

std::string DiagArg::format(DiagArgKind K) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  switch (TheShape) {
  case Shape::String:
    if (K == DiagArgKind::Qualifier)
      return "'" + Str + "'";
    return Str;
  case Shape::Integer:
    if (K == DiagArgKind::Hex)
      OS << llvm::format_hex(static_cast<uint64_t>(Lo), Width / 4 + 2);
    else
      OS << Lo;
    return S;
  case Shape::Range:
    OS << "[" << Lo << ", " << Hi << "]";
    return S;
  case Shape::List:
    return joinList(Items, K == DiagArgKind::Quals);
  }
  return S;
}

std::string tcgen05::formatDiagMessage(DiagID ID,
                                       llvm::ArrayRef<DiagArg> Args) {
  llvm::StringRef F = getDiagInfo(ID).Format;
  std::string Out;
  Out.reserve(F.size() + 32);
  for (size_t I = 0; I < F.size();) {
    DiagPlaceholder P;
    bool Bad = false;
    if (F[I] == '%' && readPlaceholder(F, I, P, Bad)) {
      if (P.Index < Args.size())
        Out += Args[P.Index].format(P.Kind);
      continue;
    }
    Out += F[I++];
  }
  return Out;
}

llvm::StringRef tcgen05::severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Remark:
    return "remark";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "error";
}
