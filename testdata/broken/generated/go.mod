module example.com/generated

go 1.26.0
