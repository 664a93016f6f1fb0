//===- DescriptorTool.h - Decode and encode descriptors ----------*- C++
//-*-===//
//
// The descriptor helpers of the command line (--decode-idesc, ...), as
// library calls: a decoded field table or an encoded value is written to
// an output stream, and what is wrong, with the value or with the request,
// is reported to the diagnostics engine like any other finding.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_FRONTEND_DESCRIPTORTOOL_H
#define TCGEN05_FRONTEND_DESCRIPTORTOOL_H

#include "tcgen05/Frontend/Check.h"

#include <string>

namespace llvm {
class raw_ostream;
namespace json {
class Value;
}
} // namespace llvm

namespace tcgen05 {

enum class DescriptorAction {
  DecodeIdesc,
  EncodeIdesc,
  DecodeSmem,
  EncodeSmem
};

struct DescriptorRequest {
  DescriptorAction Action = DescriptorAction::DecodeIdesc;
  /// A value (decode) or FIELD=VALUE,... (encode).
  std::string Input;
  /// The .kind an instruction descriptor is for ("f16" or ".kind::f16").
  std::string Kind;
  unsigned CtaGroup = 1;
  bool Sparse = false;
  /// Checks that depend on the target (K=96, base offsets); empty: none.
  std::string Target;
};

/// Writes the decoded fields or the encoded value to OS, or into *Json
/// when Json is given ({"descriptor", "kind", "value", "fields": [{"name",
/// "lo", "width", "bits", "value", "description"}]} or {"value"}).  Field
/// values are as the encoder takes them and diagnostics print them: type
/// names (F32), dimensions (m=128), bytes.  Returns Errors when the value
/// breaks a rule, Usage when the request is malformed (both reported to
/// Engine), Clean otherwise.
CheckStatus runDescriptorTool(const DescriptorRequest &R, llvm::raw_ostream &OS,
                              DiagnosticsEngine &Engine,
                              llvm::json::Value *Json = nullptr);

/// "f16, tf32, ...": the kinds --kind accepts, from the descriptor tables.
std::string idescKindList();

} // namespace tcgen05

#endif
