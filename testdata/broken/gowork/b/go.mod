module example.com/b

go 1.26.0

require example.com/a v0.0.0
