print("udf-inspect")
