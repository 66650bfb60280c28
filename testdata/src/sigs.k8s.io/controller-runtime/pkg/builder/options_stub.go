package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
)

type objectProjection int

type projectAs objectProjection

// ApplyToFor is a stub.
func (p projectAs) ApplyToFor(opts *ForInput) {}

// ApplyToOwns is a stub.
func (p projectAs) ApplyToOwns(opts *OwnsInput) {}

// ApplyToWatches is a stub.
func (p projectAs) ApplyToWatches(opts untypedWatchesInput) {}

// OnlyMetadata watches metadata only.
var OnlyMetadata = projectAs(1)

type matchEveryOwner struct{}

// ApplyToOwns is a stub.
func (o matchEveryOwner) ApplyToOwns(opts *OwnsInput) {}

// MatchEveryOwner maps every owner reference, not only the controller's.
var MatchEveryOwner = &matchEveryOwner{}

// WatchesMetadata is a stub.
func (blder *TypedBuilder[request]) WatchesMetadata(
	object client.Object,
	eventHandler handler.TypedEventHandler[client.Object, request],
	opts ...WatchesOption,
) *TypedBuilder[request] {
	return blder
}
