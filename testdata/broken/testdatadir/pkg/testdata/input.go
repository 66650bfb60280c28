package input

this is not Go
