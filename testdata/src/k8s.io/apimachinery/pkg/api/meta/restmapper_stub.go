package meta

// RESTMapper maps kinds to resources (no methods in the stub).
type RESTMapper interface{}
