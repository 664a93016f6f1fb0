//===- DescriptorTool.cpp - Decode and encode descriptors -----------------===//

#include "tcgen05/Frontend/DescriptorTool.h"

#include "tcgen05/Basic/Target.h"
#include "tcgen05/Descriptors/InstrDesc.h"
#include "tcgen05/Descriptors/MatrixDesc.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
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

/// One decoded field: what the encoder takes and diagnostics print (a type
/// name, M, N, bytes), and the bits when they differ.
struct DecodedField {
  llvm::StringRef Name;
  unsigned Lo, Width;
  uint64_t Raw;
  std::string Value;
  llvm::StringRef Description;
};

class DescriptorTool {
public:
  DescriptorTool(const DescriptorRequest &R, llvm::raw_ostream &OS,
                 DiagnosticsEngine &Engine, llvm::json::Value *Json)
      : R(R), OS(OS), Engine(Engine), Json(Json) {}

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
  /// What an instruction descriptor of kind K is judged against: the
  /// request's .cta_group, sparsity and target.
  IdescUse use(const IdescKind *K) const {
    IdescUse Use;
    Use.Kind = K;
    Use.Sparse = R.Sparse;
    Use.CtaGroup = R.CtaGroup;
    Use.Target = target();
    return Use;
  }
  std::optional<TargetInfo> target() const {
    return R.Target.empty() ? std::nullopt : lookupTarget(R.Target);
  }
  /// The FIELD=VALUE pairs of the request, each value read by Read (which
  /// knows the descriptor's fields and their value names).
  /// ValueNames gives the names a field's values have, for the note when
  /// a value is none of them.
  bool fields(std::vector<std::pair<std::string, uint64_t>> &Out,
              llvm::function_ref<std::optional<uint64_t>(llvm::StringRef Name,
                                                         llvm::StringRef Text)>
                  Read,
              llvm::function_ref<std::string(llvm::StringRef Name)> ValueNames);
  void decoded(llvm::StringRef What, uint64_t V, unsigned HexDigits,
               llvm::StringRef Kind, llvm::ArrayRef<DecodedField> Fields);
  CheckStatus report(const std::vector<IdescFinding> &Findings);
  CheckStatus encoded(std::optional<uint64_t> V, const EncodeError &Error,
                      const std::string &FieldNames, unsigned HexDigits);

  const DescriptorRequest &R;
  llvm::raw_ostream &OS;
  DiagnosticsEngine &Engine;
  llvm::json::Value *Json;
};

CheckStatus DescriptorTool::run() {
  if (R.CtaGroup != 1 && R.CtaGroup != 2)
    return usage(DiagID::err_usage_bad_cta_group, {R.CtaGroup});
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
    std::vector<std::pair<std::string, uint64_t>> &Out,
    llvm::function_ref<std::optional<uint64_t>(llvm::StringRef,
                                               llvm::StringRef)>
        Read,
    llvm::function_ref<std::string(llvm::StringRef)> ValueNames) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(R.Input).split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts) {
    auto [Name, Text] = P.split('=');
    Name = Name.trim();
    Text = Text.trim();
    if (Name.empty() || Text.empty() || !P.contains('=')) {
      usage(DiagID::err_usage_not_field_value, {P.str()});
      return false;
    }
    std::optional<uint64_t> V = Read(Name, Text);
    if (!V) {
      // A number too long for 64 bits, or a word that names no value.
      unsigned long long Ignored;
      bool Numeric =
          llvm::all_of(Text, [](char C) { return llvm::isAlnum(C); }) &&
          llvm::isDigit(Text.front()) && Text.getAsInteger(0, Ignored);
      if (Numeric)
        usage(DiagID::err_usage_bad_descriptor_value, {P.str(), 64});
      else if (std::string Names = ValueNames(Name); !Names.empty())
        usage(DiagID::err_usage_not_field_value, {P.str()}, Names);
      else
        usage(DiagID::err_usage_not_field_value, {P.str()});
      return false;
    }
    Out.push_back({Name.str(), *V});
  }
  if (Out.empty()) {
    usage(DiagID::err_usage_not_field_value, {R.Input});
    return false;
  }
  return true;
}

void DescriptorTool::decoded(llvm::StringRef What, uint64_t V,
                             unsigned HexDigits, llvm::StringRef Kind,
                             llvm::ArrayRef<DecodedField> Fields) {
  if (Json) {
    llvm::json::Array Out;
    for (const DecodedField &F : Fields)
      Out.push_back(llvm::json::Object{{"name", F.Name},
                                       {"lo", F.Lo},
                                       {"width", F.Width},
                                       {"bits", static_cast<int64_t>(F.Raw)},
                                       {"value", F.Value},
                                       {"description", F.Description}});
    llvm::json::Object O{{"descriptor", What},
                         {"value", hex(V, HexDigits)},
                         {"fields", std::move(Out)}};
    if (!Kind.empty())
      O["kind"] = Kind;
    *Json = std::move(O);
    return;
  }
  OS << What << " descriptor " << hex(V, HexDigits);
  if (!Kind.empty())
    OS << " for " << Kind;
  OS << "\n";
  size_t ValueWidth = 6;
  for (const DecodedField &F : Fields)
    ValueWidth = std::max(ValueWidth, F.Value.size());
  for (const DecodedField &F : Fields) {
    OS << "  bits " << llvm::format_decimal(F.Lo, 2) << "-"
       << llvm::format_decimal(F.Lo + F.Width - 1, 2) << "  "
       << llvm::left_justify(F.Name, 18)
       << llvm::right_justify(F.Value, ValueWidth);
    // The bits themselves, where the value is not them.
    std::string Bits = std::to_string(F.Raw);
    OS << "  " << llvm::left_justify(Bits == F.Value ? "" : "(" + Bits + ")", 8)
       << F.Description << "\n";
  }
}

CheckStatus DescriptorTool::report(const std::vector<IdescFinding> &Findings) {
  unsigned Before = Engine.numErrors();
  for (const IdescFinding &F : Findings)
    Engine.emit(nullptr, Diagnostic::make(F.ID, {}, F.Args, Origin));
  return Engine.numErrors() > Before ? CheckStatus::Errors : CheckStatus::Clean;
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
  if (Json)
    *Json = llvm::json::Object{{"value", hex(*V, HexDigits)}};
  else
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
  std::vector<DecodedField> Fields;
  for (const IdescField &F : idescFields(K->Layout))
    Fields.push_back({F.Name, F.Lo, F.Width, F.get(*V),
                      idescFieldText(*K, F, static_cast<uint32_t>(*V)),
                      F.Description});
  decoded("instruction", *V, 8, K->Kind, Fields);
  return report(checkIdesc(static_cast<uint32_t>(*V), ~0u, use(K)));
}

CheckStatus DescriptorTool::encodeIdesc() {
  const IdescKind *K = kind();
  if (!K)
    return CheckStatus::Usage;
  std::vector<std::pair<std::string, uint64_t>> Fields;
  auto Read = [&](llvm::StringRef Name, llvm::StringRef Text) {
    for (const IdescField &F : idescFields(K->Layout))
      if (F.Name == Name)
        return idescFieldInput(*K, F, Text);
    // An unknown field: its number, so that the encoder names the field.
    unsigned long long N;
    return Text.getAsInteger(0, N) ? std::optional<uint64_t>()
                                   : std::optional<uint64_t>(N);
  };
  auto ValueNames = [&](llvm::StringRef Name) {
    for (const IdescField &F : idescFields(K->Layout))
      if (F.Name == Name)
        return idescFieldValueNames(*K, F);
    return std::string();
  };
  if (!fields(Fields, Read, ValueNames))
    return CheckStatus::Usage;
  EncodeError Error;
  std::optional<uint32_t> V = tcgen05::encodeIdesc(*K, Fields, Error);
  std::string Names;
  for (const IdescField &F : idescFields(K->Layout))
    Names += (Names.empty() ? "" : ", ") + F.Name.str();
  CheckStatus S =
      encoded(V ? std::optional<uint64_t>(*V) : std::nullopt, Error, Names, 8);
  if (S != CheckStatus::Clean)
    return S;
  // Fields that encode are not yet a descriptor an MMA takes (M=48 is no
  // shape of .kind::f16): the value is printed, and what is wrong with it.
  return report(checkIdesc(*V, ~0u, use(K)));
}

CheckStatus DescriptorTool::decodeSmem() {
  std::optional<uint64_t> V = value(64);
  if (!V)
    return CheckStatus::Usage;
  std::vector<DecodedField> Fields;
  for (const DescField &F : matrixDescFields(MatrixDescKind::Smem))
    Fields.push_back({F.Name, F.Lo, F.Width, F.get(*V),
                      std::to_string(F.quantity(*V)), F.Description});
  decoded("shared memory", *V, 16, "", Fields);
  return report(checkSmemDesc(*V, ~0ull, target()));
}

CheckStatus DescriptorTool::encodeSmem() {
  std::vector<std::pair<std::string, uint64_t>> Fields;
  auto Read = [](llvm::StringRef, llvm::StringRef Text) {
    unsigned long long N;
    return Text.getAsInteger(0, N) ? std::optional<uint64_t>()
                                   : std::optional<uint64_t>(N);
  };
  if (!fields(Fields, Read, [](llvm::StringRef) { return std::string(); }))
    return CheckStatus::Usage;
  EncodeError Error;
  std::string Names;
  for (const DescField &F : matrixDescFields(MatrixDescKind::Smem))
    if (!F.Name.starts_with("fixed"))
      Names += (Names.empty() ? "" : ", ") + F.Name.str();
  std::optional<uint64_t> V = tcgen05::encodeSmemDesc(Fields, Error);
  CheckStatus S = encoded(V, Error, Names, 16);
  if (S != CheckStatus::Clean)
    return S;
  return report(checkSmemDesc(*V, ~0ull, target()));
}

} // namespace

CheckStatus tcgen05::runDescriptorTool(const DescriptorRequest &R,
                                       llvm::raw_ostream &OS,
                                       DiagnosticsEngine &Engine,
                                       llvm::json::Value *Json) {
  return DescriptorTool(R, OS, Engine, Json).run();
}

std::string tcgen05::idescKindList() {
  std::string Out;
  for (const IdescKind &K : idescKinds())
    Out += (Out.empty() ? "" : ", ") + K.Kind.drop_front(7).str();
  return Out;
}
