package reach

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
)

// StatusWrite: the function writes the status subresource of an object (Status() or
// SubResource("status") Create/Update/Patch/Apply), or patches an object with
// cluster-api's patch helper, which patches the status too, or with another patch helper
// of that shape (Flux's patch.SerialPatcher; see k8sapi.PatchHelperCall).
const StatusWrite Effect = "statuswrite"

// capiPatchPkg is the package of cluster-api's patch helper, used by many operators.
const capiPatchPkg = "sigs.k8s.io/cluster-api/util/patch"

func init() {
	register(Detector{
		Effect: StatusWrite,
		Call: func(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr) string {
			if w, ok := k8sapi.WriteCall(pass.Pkg, pass.TypesInfo, call); ok && w.Status {
				return w.Desc
			}
			if k8sapi.IsMethodCall(pass.TypesInfo, call, capiPatchPkg, "Helper", "Patch") {
				return "patch.Helper.Patch"
			}
			if d := k8sapi.PatchHelperCall(pass.Pkg, pass.TypesInfo, call); d != "" {
				return d
			}
			return ""
		},
	})
}
