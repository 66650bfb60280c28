module example.com/syntaximport

go 1.26.0
