//===- DescriptorTool.cpp - Decode and encode descriptors -----------------===//

#include "tcgen05/Frontend/DescriptorTool.h"

#include "tcgen05/Basic/Target.h"
#include "tcgen05/Descriptors/InstrDesc.h"
#include "tcgen05/Descriptors/MatrixDesc.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

/// Findings and malformed requests are about the command, not a file.
constexpr const char *Origin = "tcgen05-check";

std::string hex(uint64_t V, unsigned Digits) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format_hex(V, Digits + 2);
  return S;
}

void printField(llvm::raw_ostream &OS, llvm::StringRef Name, unsigned Lo,
                unsigned Width, uint64_t Value, unsigned NameWidth,
                unsigned ValueWidth) {
  OS << "  bits " << llvm::format_decimal(Lo, 2) << "-"
     << llvm::format_decimal(Lo + Width - 1, 2) << "  "
     << llvm::left_justify(Name, NameWidth)
     << llvm::format_decimal(Value, ValueWidth);
}

class DescriptorTool {
public:
  DescriptorTool(const DescriptorRequest &R, llvm::raw_ostream &OS,
                 DiagnosticsEngine &Engine)
      : R(R), OS(OS), Engine(Engine) {}

  CheckStatus run();

private:
  CheckStatus decodeIdesc();
  CheckStatus encodeIdesc();
  CheckStatus decodeSmem();
  CheckStatus encodeSmem();

  CheckStatus usage(DiagID ID, llvm::ArrayRef<DiagArg> Args,
                    std::optional<std::string> Known = std::nullopt) {
    Diagnostic D = Diagnostic::make(ID, {}, Args, Origin);
    if (Known)
      D.note(DiagID::note_known_values, {}, {*Known});
    Engine.emit(nullptr, std::move(D));
    return CheckStatus::Usage;
  }
  const IdescKind *kind();
  std::optional<uint64_t> value(unsigned Bits);
  bool fields(std::vector<std::pair<std::string, uint64_t>> &Out);
  CheckStatus report(const std::vector<IdescFinding> &Findings);
  CheckStatus encoded(std::optional<uint64_t> V, const EncodeError &Error,
                      const std::string &FieldNames,
                      unsigned HexDigits);

  const DescriptorRequest &R;
  llvm::raw_ostream &OS;
  DiagnosticsEngine &Engine;
};

CheckStatus DescriptorTool::run() {
  switch (R.Action) {
  case DescriptorAction::DecodeIdesc:
    return decodeIdesc();
  case DescriptorAction::EncodeIdesc:
    return encodeIdesc();
  case DescriptorAction::DecodeSmem:
    return decodeSmem();
  case DescriptorAction::EncodeSmem:
    return encodeSmem();
  }
  return CheckStatus::Usage;
}

const IdescKind *DescriptorTool::kind() {
  const IdescKind *K = lookupIdescKind(R.Kind);
  if (!K)
    usage(DiagID::err_usage_bad_kind, {R.Kind}, idescKindList());
  return K;
}

std::optional<uint64_t> DescriptorTool::value(unsigned Bits) {
  unsigned long long V;
  if (llvm::StringRef(R.Input).trim().getAsInteger(0, V) ||
      (Bits < 64 && V >> Bits)) {
    usage(DiagID::err_usage_bad_descriptor_value, {R.Input, Bits});
    return std::nullopt;
  }
  return V;
}

bool DescriptorTool::fields(
    std::vector<std::pair<std::string, uint64_t>> &Out) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(R.Input).split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts) {
    auto [Name, Value] = P.split('=');
    unsigned long long V;
    if (Name.trim().empty() || Value.trim().getAsInteger(0, V)) {
      usage(DiagID::err_usage_not_field_value, {P.str()});
      return false;
    }
    Out.push_back({Name.trim().str(), V});
  }
  if (Out.empty()) {
    usage(DiagID::err_usage_not_field_value, {R.Input});
    return false;
  }
  return true;
}

CheckStatus DescriptorTool::report(const std::vector<IdescFinding> &Findings) {
  unsigned Before = Engine.numErrors();
  for (const IdescFinding &F : Findings)
    Engine.emit(nullptr, Diagnostic::make(F.ID, {}, F.Args, Origin));
  return Engine.numErrors() > Before ? CheckStatus::Errors
                                     : CheckStatus::Clean;
}

CheckStatus DescriptorTool::encoded(std::optional<uint64_t> V,
                                    const EncodeError &Error,
                                    const std::string &FieldNames,
                                    unsigned HexDigits) {
  if (!V)
    return usage(Error.ID, Error.Args,
                 Error.ID == DiagID::err_encode_no_field
                     ? std::optional<std::string>(FieldNames)
                     : std::nullopt);
  OS << hex(*V, HexDigits) << "\n";
  return CheckStatus::Clean;
}

CheckStatus DescriptorTool::decodeIdesc() {
  const IdescKind *K = kind();
  if (!K)
    return CheckStatus::Usage;
  std::optional<uint64_t> V = value(32);
  if (!V)
    return CheckStatus::Usage;
  OS << "instruction descriptor " << llvm::format_hex(*V, 10) << " for "
     << K->Kind << "\n";
  for (const IdescField &F : idescFields(K->Layout)) {
    printField(OS, F.Name, F.Lo, F.Width, F.get(*V), 18, 4);
    OS << "  " << F.Description << "\n";
  }
  IdescUse Use;
  Use.Kind = K;
  Use.Sparse = R.Sparse;
  Use.CtaGroup = R.CtaGroup;
  if (!R.Target.empty())
    Use.Target = lookupTarget(R.Target);
  return report(checkIdesc(static_cast<uint32_t>(*V), ~0u, Use));
}

CheckStatus DescriptorTool::encodeIdesc() {
  const IdescKind *K = kind();
  if (!K)
    return CheckStatus::Usage;
  std::vector<std::pair<std::string, uint64_t>> Fields;
  if (!fields(Fields))
    return CheckStatus::Usage;
  EncodeError Error;
  std::optional<uint32_t> V = tcgen05::encodeIdesc(*K, Fields, Error);
  std::string Names;
  for (const IdescField &F : idescFields(K->Layout))
    Names += (Names.empty() ? "" : ", ") + F.Name.str();
  return encoded(V ? std::optional<uint64_t>(*V) : std::nullopt, Error, Names,
                 8);
}

CheckStatus DescriptorTool::decodeSmem() {
  std::optional<uint64_t> V = value(64);
  if (!V)
    return CheckStatus::Usage;
  OS << "shared memory descriptor " << llvm::format_hex(*V, 18) << "\n";
  for (const DescField &F : matrixDescFields(MatrixDescKind::Smem)) {
    uint64_t X = F.get(*V);
    printField(OS, F.Name, F.Lo, F.Width, X, 16, 6);
    // Addresses and offsets are stored in 16-byte units.
    if ((F.Name.ends_with("address") || F.Name.ends_with("offset")) &&
        F.Name != "base_offset")
      OS << " (" << (X << 4) << " bytes)";
    OS << "  " << F.Description << "\n";
  }
  std::optional<TargetInfo> T;
  if (!R.Target.empty())
    T = lookupTarget(R.Target);
  return report(checkSmemDesc(*V, ~0ull, T));
}

CheckStatus DescriptorTool::encodeSmem() {
  std::vector<std::pair<std::string, uint64_t>> Fields;
  if (!fields(Fields))
    return CheckStatus::Usage;
  EncodeError Error;
  std::string Names;
  for (const DescField &F : matrixDescFields(MatrixDescKind::Smem))
    if (!F.Name.starts_with("fixed"))
      Names += (Names.empty() ? "" : ", ") + F.Name.str();
  return encoded(tcgen05::encodeSmemDesc(Fields, Error), Error, Names, 16);
}

} // namespace

CheckStatus tcgen05::runDescriptorTool(const DescriptorRequest &R,
                                       llvm::raw_ostream &OS,
                                       DiagnosticsEngine &Engine) {
  return DescriptorTool(R, OS, Engine).run();
}

std::string tcgen05::idescKindList() {
  std::string Out;
  for (const IdescKind &K : idescKinds())
    Out += (Out.empty() ? "" : ", ") + K.Kind.drop_front(7).str();
  return Out;
}
