package tagged

func onlyWindows() { undefinedOnLinux() }
