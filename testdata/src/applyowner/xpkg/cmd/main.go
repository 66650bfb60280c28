package main

import (
	"context"
	"os"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"applyowner/xpkg/controllers"
)

const fieldManager = "my-operator"

func main() {
	var c client.Client
	_ = &controllers.R{Client: c, FieldManager: fieldManager}
	r := controllers.New(c)
	r.FieldManager = "my-operator"
	_ = &controllers.R{FieldManager: os.Getenv("MANAGER")} // want `the field owner of a server-side apply is not a constant: .* \(passed to controllers.R.FieldManager → controllers.R.apply, which uses it as the field owner`
}

func apply(ctx context.Context, c client.Client, ac runtime.ApplyConfiguration, cm *corev1.ConfigMap) {
	_ = controllers.ApplyWith(ctx, c, ac, fieldManager)
	_ = controllers.ApplyWith(ctx, c, ac, cm.Name) // want `the field owner of a server-side apply is not a constant: .* \(passed to controllers.ApplyWith, which`
	_ = controllers.ApplyWith(ctx, c, ac, "")      // want `server-side apply with an empty field owner`
}
