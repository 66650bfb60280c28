module example.com/testdatadir

go 1.26.0
