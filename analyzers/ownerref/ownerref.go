package ownerref

import (
	_ "embed"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analyzerutil"
	"github.com/reconcilelint/reconcilelint/passes/directives"
	"github.com/reconcilelint/reconcilelint/passes/k8sapi"
	"github.com/reconcilelint/reconcilelint/passes/subresource"
)

//go:embed doc.go
var doc string

// Metadata of the rule.
const (
	Default  = true
	Since    = "unreleased"
	Severity = analyzerutil.Error
)

// Analyzer is the ownerref rule. It has no options.
var Analyzer = analyzerutil.Rule{
	Name:     "ownerref",
	Doc:      doc,
	Requires: []*analysis.Analyzer{inspect.Analyzer, directives.Analyzer, subresource.Analyzer},
}.Analyzer(run)

const msg = "%s of the cluster-scoped %s to the namespaced %s fails on every call: controller-runtime refuses a namespace-scoped owner for a cluster-scoped object, so it gets no owner reference, is never garbage-collected with the owner and Owns() never maps its events back; use a cluster-scoped owner, or a label and a finalizer on the owner to clean it up"

// clusterScoped lists the cluster-scoped kinds of the Kubernetes API by group (the
// import path below k8s.io/api, without the version): the types marked
// +genclient:nonNamespaced in k8s.io/api v0.36.0.
var clusterScoped = map[string][]string{
	"admissionregistration": {"MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding", "MutatingWebhookConfiguration",
		"ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding", "ValidatingWebhookConfiguration"},
	"authentication": {"SelfSubjectReview", "TokenReview"},
	"authorization":  {"SelfSubjectAccessReview", "SelfSubjectRulesReview", "SubjectAccessReview"},
	"certificates":   {"CertificateSigningRequest", "ClusterTrustBundle"},
	"core":           {"ComponentStatus", "Namespace", "Node", "PersistentVolume"},
	"flowcontrol":    {"FlowSchema", "PriorityLevelConfiguration"},
	"networking":     {"IPAddress", "IngressClass", "ServiceCIDR"},
	"node":           {"RuntimeClass"},
	"rbac":           {"ClusterRole", "ClusterRoleBinding"},
	"resource":       {"DeviceClass", "ResourceSlice"},
	"scheduling":     {"PriorityClass"},
	"storage":        {"CSIDriver", "CSINode", "StorageClass", "VolumeAttachment", "VolumeAttributesClass"},
}

const (
	apiPrefix        = "k8s.io/api/"
	apiextensionsPkg = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/"
)

func run(pass *analysis.Pass) (any, error) {
	rep := analyzerutil.NewReporter(pass)
	if k8sapi.LookupType(pass.Pkg, k8sapi.MetaV1Pkg, "Object") == nil {
		return rep.Outcome(), nil
	}
	sub := pass.ResultOf[subresource.Analyzer].(*subresource.Result)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if len(call.Args) < 2 || rep.Skip(call.Pos()) {
			continue
		}
		if !k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.ControllerutilPkg, "SetControllerReference", "SetOwnerReference") &&
			!k8sapi.IsFuncCall(pass.TypesInfo, call, k8sapi.CtrlRoot, "SetControllerReference") {
			continue
		}
		owner, object := pass.TypesInfo.TypeOf(call.Args[0]), pass.TypesInfo.TypeOf(call.Args[1])
		oc, ok1 := scope(sub, owner)
		cc, ok2 := scope(sub, object)
		if ok1 && ok2 && !oc && cc {
			rep.Reportf(call, msg, funcName(call), kindName(object), kindName(owner))
			continue
		}
		if ok1 && oc || ok2 && cc {
			continue // a cluster-scoped owner takes objects of any namespace
		}
		// Namespaces known to differ.
		var decl *ast.FuncDecl
		for e := range cur.Enclosing((*ast.FuncDecl)(nil)) {
			decl = e.Node().(*ast.FuncDecl)
			break
		}
		if decl == nil || decl.Body == nil {
			continue
		}
		res := &nsResolver{pkg: pass.Pkg, info: pass.TypesInfo, body: decl.Body}
		ownerNS := res.of(rootVar(pass.TypesInfo, call.Args[0]), call.Pos(), 0)
		objNS := res.of(rootVar(pass.TypesInfo, call.Args[1]), call.Pos(), 0)
		if differ(objNS, ownerNS) {
			rep.Reportf(call, "%s", namespaceMsg(funcName(call), object, objNS, owner, ownerNS))
		}
	}
	return rep.Outcome(), nil
}

// scope returns whether the kind of type t (a named type or a pointer to one) is
// cluster-scoped, and whether that is known.
func scope(sub *subresource.Result, t types.Type) (cluster, known bool) {
	if t == nil || types.IsInterface(t) {
		return false, false
	}
	if c, ok := sub.Scope(t); ok {
		return c, true
	}
	n := k8sapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false, false
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	if strings.HasPrefix(path, apiextensionsPkg) {
		if name == "CustomResourceDefinition" {
			return true, true
		}
		return false, false
	}
	if !strings.HasPrefix(path, apiPrefix) {
		return false, false
	}
	group, version, ok := strings.Cut(strings.TrimPrefix(path, apiPrefix), "/")
	if !ok {
		return false, false
	}
	for _, k := range clusterScoped[group] {
		if k == name {
			return true, true
		}
	}
	// Other kinds of the GA versions are namespaced when they are objects (they embed
	// ObjectMeta); alpha and beta versions are left unknown.
	if strings.Contains(version, "alpha") || strings.Contains(version, "beta") || !hasObjectMeta(n) {
		return false, false
	}
	return false, true
}

func hasObjectMeta(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() && k8sapi.IsType(f.Type(), k8sapi.MetaV1Pkg, "ObjectMeta") {
			return true
		}
	}
	return false
}

func kindName(t types.Type) string {
	if n := k8sapi.Named(t); n != nil {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

func funcName(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.Sel.Name
	}
	return types.ExprString(call.Fun)
}
