module example.com/tools

go 1.26.0
