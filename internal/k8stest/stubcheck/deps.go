//go:build k8sdeps

// The real packages behind every stub under testdata/src, imported under a
// build tag that no build sets so that go mod tidy keeps their modules (and
// the modules their dependencies come from) in this module's go.mod, which
// stubcheck_test.go needs to load them. TestDepsNameEveryStub keeps this
// list equal to the stubs' import paths.

package stubcheck

import (
	_ "github.com/go-logr/logr"
	_ "github.com/prometheus/client_golang/prometheus"
	_ "golang.org/x/sync/errgroup"
	_ "k8s.io/api/apps/v1"
	_ "k8s.io/api/core/v1"
	_ "k8s.io/apimachinery/pkg/api/errors"
	_ "k8s.io/apimachinery/pkg/api/meta"
	_ "k8s.io/apimachinery/pkg/apis/meta/v1"
	_ "k8s.io/apimachinery/pkg/runtime"
	_ "k8s.io/apimachinery/pkg/runtime/schema"
	_ "k8s.io/apimachinery/pkg/types"
	_ "k8s.io/apimachinery/pkg/util/wait"
	_ "k8s.io/apimachinery/pkg/watch"
	_ "k8s.io/client-go/tools/cache"
	_ "k8s.io/client-go/util/retry"
	_ "k8s.io/client-go/util/workqueue"
	_ "sigs.k8s.io/controller-runtime"
	_ "sigs.k8s.io/controller-runtime/pkg/builder"
	_ "sigs.k8s.io/controller-runtime/pkg/cache"
	_ "sigs.k8s.io/controller-runtime/pkg/client"
	_ "sigs.k8s.io/controller-runtime/pkg/cluster"
	_ "sigs.k8s.io/controller-runtime/pkg/config"
	_ "sigs.k8s.io/controller-runtime/pkg/controller"
	_ "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	_ "sigs.k8s.io/controller-runtime/pkg/controller/priorityqueue"
	_ "sigs.k8s.io/controller-runtime/pkg/conversion"
	_ "sigs.k8s.io/controller-runtime/pkg/event"
	_ "sigs.k8s.io/controller-runtime/pkg/handler"
	_ "sigs.k8s.io/controller-runtime/pkg/log"
	_ "sigs.k8s.io/controller-runtime/pkg/manager"
	_ "sigs.k8s.io/controller-runtime/pkg/manager/signals"
	_ "sigs.k8s.io/controller-runtime/pkg/predicate"
	_ "sigs.k8s.io/controller-runtime/pkg/reconcile"
	_ "sigs.k8s.io/controller-runtime/pkg/source"
	_ "sigs.k8s.io/controller-runtime/pkg/webhook"
	_ "sigs.k8s.io/controller-runtime/pkg/webhook/admission"
	_ "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)
