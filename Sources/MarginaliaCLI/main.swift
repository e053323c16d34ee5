print("marginalia")
