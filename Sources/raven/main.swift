print("raven")
